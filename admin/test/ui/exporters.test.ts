import type { DataProvider } from "react-admin";
import { readSheet } from "read-excel-file/node";
import { exportCell, col } from "../../src/ui/columns";
import { fetchAllRecords, toCsv, toXlsx } from "../../src/ui/exporters";
import { checkImageName } from "../../src/ui/imageRules";
import { lockDaysForPid } from "@presale/abis";
import { landingUpdate, blockImageReachable } from "../../src/resources/LandingBlock/landingUpdate";

describe("exports", () => {
  it("fetches every matching record page by page, past 1000", async () => {
    const all = Array.from({ length: 2345 }, (_, i) => ({ id: i + 1 }));
    const getList = jest.fn(async (_r: string, p: { pagination: { page: number; perPage: number } }) => {
      const { page, perPage } = p.pagination;
      return { data: all.slice((page - 1) * perPage, page * perPage), total: all.length };
    });
    const rows = await fetchAllRecords({ getList } as unknown as DataProvider, "News", {
      filter: { q: "x" },
      sort: { field: "id", order: "ASC" },
    });
    expect(rows).toHaveLength(2345);
    expect(getList).toHaveBeenCalledTimes(5);
    expect(getList.mock.calls[4][1]).toMatchObject({ pagination: { page: 5, perPage: 500 }, filter: { q: "x" } });
  });

  it("writes RFC 4180 CSV", () => {
    expect(
      toCsv({
        headers: ["S.No", "Heading"],
        rows: [
          [1, 'Say "hi", then'],
          [2, null],
          [3, "two\nlines"],
        ],
      }),
    ).toBe('S.No,Heading\r\n1,"Say ""hi"", then"\r\n2,\r\n3,"two\nlines"\r\n');
  });

  it("writes an .xlsx workbook that reads back", async () => {
    const blob = await toXlsx({
      headers: ["S.No", "Heading"],
      rows: [
        [1, "Staking"],
        [2, null],
      ],
    });
    const rows = await readSheet(Buffer.from(await blob.arrayBuffer()));
    expect(rows).toEqual([
      ["S.No", "Heading"],
      [1, "Staking"],
      [2, null],
    ]);
  });

  it("exports serial numbers over the whole export, dates in local time, text of rich text", () => {
    const record = { id: 9, heading: "<p>Hi <b>there</b></p>", updatedAt: "2024-05-01T10:00:00Z" };
    expect(exportCell(col.serial(), record, 41)).toBe(42);
    expect(exportCell(col.html("heading", "H"), record, 0)).toBe("Hi there");
    expect(exportCell(col.datetime("updatedAt", "D"), record, 0)).toBe(new Date("2024-05-01T10:00:00Z").toLocaleString());
  });
});

describe("image rules", () => {
  it.each([
    ["logo.PNG", "pngSvg", null],
    ["logo.svg", "pngSvg", null],
    ["photo.jpg", "pngSvg", "app.image.png_only"],
    ["banner.WEBP", "landing", null],
    ["banner.Jpg", "landing", null],
    ["anim.gif", "landing", "app.image.landing_only"],
    ["anim.gif", "landingBlock", null],
    ["doc.pdf", "landingBlock", "app.image.landing_only"],
    ["photo.webp", "any", null],
    ["notes.txt", "any", "app.image.any_only"],
    ["anything.bmp", "any", "app.image.any_only"],
  ])("%s under %s → %s", (name, rule, expected) => {
    expect(checkImageName(name, rule as never)).toBe(expected);
  });
});

describe("lock days", () => {
  it("maps each pid to its lock days", () => {
    expect([6, 0, 7, 1, 8, 10, 2, 99].map((pid) => lockDaysForPid(pid))).toEqual([5, 90, 90, 180, 180, 90, 365, 365]);
  });
});

describe("landing update", () => {
  const blocks = [
    { title: "A", description: null, imageUri: "a.png" },
    { title: "B", description: null, imageUri: "b.png" },
    { title: "C", description: null, imageUri: null },
    { title: "D", description: null, imageUri: "d.png" },
  ];

  it("knows which block images can be replaced", () => {
    expect([0, 1, 2, 3].map((i) => blockImageReachable(blocks, i))).toEqual([true, true, true, false]);
  });

  it("sends block images by index, re-sending earlier unchanged images", async () => {
    const fetchSpy = jest.spyOn(globalThis, "fetch").mockResolvedValue(new Response(new Blob(["A"], { type: "image/png" })));
    const newB = new File(["B2"], "b2.gif", { type: "image/gif" });
    const out = await landingUpdate({
      id: "1",
      identifier: "landing_banner02",
      title: "T",
      description: "D",
      blocks: blocks.map((b) => ({ ...b, __typename: "ContentBlock" })),
      blockFiles: [null, { rawFile: newB, src: "blob:b2", title: "b2.gif" }],
      visible: true,
      pageName: "Home",
    });
    expect(fetchSpy).toHaveBeenCalledWith(expect.stringMatching(/\/Images\/a\.png$/));
    expect(out.blocks).toEqual(blocks);
    expect(out.blockFiles).toHaveLength(2);
    expect((out.blockFiles[0] as File).name).toBe("a.png");
    expect(out.blockFiles[1]).toMatchObject({ rawFile: newB });
    expect(out).not.toHaveProperty("visible");
    expect(out).not.toHaveProperty("file");
    fetchSpy.mockRestore();
  });
});
