import type { ScreenLabels } from "../../screen";

/** The roadmap screen's texts (`resources.Roadmap.*`). */
export const roadmapLabels: ScreenLabels = {
  en: { name: "Roadmap |||| Roadmap", title: "Load More", edit: "Load More", update: "Update Roadmap" },
};
