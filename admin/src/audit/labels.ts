import { useMemo } from "react";
import { useTranslate, type TranslateFunction } from "react-admin";
import type { Screen } from "../screen";
import { useScreens } from "../ui/screens";
import { humanize } from "./humanize";

/**
 * Names of records and fields as the screens show them: one source, the i18n
 * catalogue the menu and the forms use, and the registry for which screen
 * shows a GraphQL type. Only what has no label there falls back to a readable
 * form of the developer's name.
 */

/** What names come from: the i18n catalogue and the screens (which screen shows a GraphQL type, under which label). */
export interface Naming {
  translate: TranslateFunction;
  screens: readonly Screen[];
}

/** The Naming of the screen being drawn. */
export function useNaming(): Naming {
  const translate = useTranslate();
  const { screens } = useScreens();
  return useMemo(() => ({ translate, screens }), [translate, screens]);
}

/** The screens of a GraphQL type (several when fixed filters split it: the article images' four slots). */
export const screensOf = (screens: readonly Screen[], type: string) => screens.filter((screen) => screen.type === type);

/** The screen of those showing a record whose fixed filter its values match. */
export const screenFor = (screens: Screen[], values: Record<string, unknown>) =>
  screens.find((screen) => Object.entries(screen.filter ?? {}).every(([field, value]) => values[field] === value));

/** A catalogue text, or "" when the catalogue has none. */
const lookup = (translate: TranslateFunction, key: string, options: Record<string, unknown> = {}) => {
  const text = translate(key, { ...options, _: "" });
  return text && text !== key ? text : "";
};

/**
 * A record's kind as its screen names it. A type shown on several screens is
 * named after the screen that shows this record (its sidebar label, as
 * 'Latest Articles3 Image'), told by `values`; otherwise the type's own name
 * in the singular ('Landing block', 'IP address'), or its sidebar label.
 */
export function resourceLabel({ translate, screens: all }: Naming, type: string, values: Record<string, unknown> = {}): string {
  const screens = screensOf(all, type);
  if (screens.length > 1) {
    const screen = screenFor(
      screens.filter((s) => s.filter),
      values,
    );
    if (screen?.menu) return translate(screen.menu.label);
    return lookup(translate, `app.audit.types.${type}`) || humanize(type);
  }
  const screen = screens[0];
  if (!screen) return lookup(translate, `app.audit.types.${type}`) || humanize(type);
  return (
    lookup(translate, `resources.${screen.route}.name`, { smart_count: 1 }) ||
    (screen.menu ? translate(screen.menu.label) : "") ||
    humanize(type)
  );
}

/**
 * The catalogue keys of stored fields whose form label goes by another name
 * (the field keeps its legacy database name; the form says what it is).
 */
const FIELD_KEYS: Record<string, string[]> = {
  imageUri: ["image"],
  newsLink: ["youtube_link"],
  vimeoLink: ["vimeo_link"],
  visible: ["app.list.show_hide"],
  pageName: ["page"],
};

/** Screens whose forms write a type that another screen lists: the farm pools are added from Image Text Edit's 'Add Pool'. */
const FORM_ROUTES: Record<string, string[]> = { Pool: ["Feature"] };

const snake = (name: string) => name.replace(/([a-z\d])([A-Z])/g, "$1_$2").toLowerCase();

/**
 * A field as its form labels it: the screen's own label
 * (`resources.<route>.fields.<field>`), then the shared one (`app.fields`),
 * then a readable form of its name. A numbered field (an article's
 * `description2`, block 3: the first block's has no number) takes its block's
 * number, as its form label does.
 */
export function fieldLabel({ translate, screens }: Naming, type: string, field: string): string {
  const [, base, digits] = /^(.*?)(\d*)$/.exec(field) ?? [field, field, ""];
  const block = (Number(digits) || 0) + 1;
  const routes = [
    ...screensOf(screens, type)
      .slice(0, 1)
      .map((screen) => screen.route),
    ...(FORM_ROUTES[type] ?? []),
  ];
  const names = [...new Set([field, base, ...(FIELD_KEYS[base] ?? []), snake(base)])];
  const keys = names.flatMap((name) =>
    name.includes(".") ? [name] : [...routes.map((route) => `resources.${route}.fields.${name}`), `app.fields.${name}`],
  );
  for (const key of keys) {
    const text = lookup(translate, key, { n: block });
    // A shared label without the block's number ('Youtube Link') gets it, so the four blocks' fields stay apart.
    if (text) return !digits || key.endsWith(`.${field}`) || text.includes(String(block)) ? text : `${text} ${block}`;
  }
  return humanize(field);
}

/** Fields that show or hide a record on the site: their booleans read Visible / Hidden. */
const SHOW_HIDE = new Set(["visible"]);

export const isShowHide = (field: string) => SHOW_HIDE.has(field);

/** Fields that hold an image's file name (shown as a thumbnail). */
export const isImageField = (field: string) => /image/i.test(field);
