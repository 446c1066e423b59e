import { readdirSync, readFileSync } from "fs";
import { JSDOM } from "jsdom";
import path from "path";
import { deflateSync } from "zlib";
import { files } from "../support/files";
import { fieldErrors, startSignedIn, TestApp } from "../support/testApp";

/** jsdom's DOMParser, behind every window's: what the sanitiser parses an SVG with. */
const { implementation: DOMParserImpl } = require("jsdom/lib/jsdom/living/domparsing/DOMParser-impl.js") as {
  implementation: { prototype: { parseFromString(text: string, type: string): unknown } };
};

const CREATE_NEWS = `mutation($f: Upload) { createNews(heading: "img", description: "d", file: $f) { id imageUri } }`;

/**
 * A PNG whose header claims `width` × `height`: a few hundred bytes that would decode to gigabytes. `pixels` is its
 * image data (IDAT), deflated zeros unless given.
 */
function pngClaiming(width: number, height: number, pixels = deflateSync(Buffer.alloc(64 * 1024))): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let crc = n;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
    return crc >>> 0;
  });
  const crc = (buf: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of buf) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const svg = (inner: string, attrs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attrs}>${inner}</svg>`;

/** Each is refused, or stored only without what makes it hostile (`mustNotContain`). */
const HOSTILE: [string, string, RegExp][] = [
  ["script element", svg(`<script>alert(1)</script>`), /script|alert/i],
  ["CDATA script", svg(`<script><![CDATA[alert(1)]]></script>`), /alert/],
  ["namespaced script", `<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg>`, /alert/],
  ["onload on the root", svg(`<rect width="1" height="1"/>`, ` onload="alert(1)"`), /onload|alert/i],
  ["onclick on a shape", svg(`<circle r="5" onclick="alert(1)"/>`), /onclick|alert/i],
  ["upper-case handler", svg(`<rect ONMOUSEOVER="alert(1)"/>`), /onmouseover|alert/i],
  ["javascript: href in <a>", svg(`<a href="javascript:alert(1)"><text>x</text></a>`), /javascript/i],
  ["javascript: xlink:href", svg(`<a xlink:href="javascript:alert(1)"><text>x</text></a>`), /javascript/i],
  ["javascript: with control characters", svg(`<a href="java&#x09;script&#x0A;:alert(1)"><text>x</text></a>`), /script:|alert/i],
  ["data:text/html link", svg(`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="><text>x</text></a>`), /data:text/i],
  [
    "<animate> retargeting href",
    svg(`<a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>`),
    /javascript|animate/i,
  ],
  [
    "<set> of an event handler",
    svg(`<rect width="9" height="9"><set attributeName="onmouseover" to="alert(1)"/></rect>`),
    /onmouseover|alert|<set/i,
  ],
  [
    "<animateMotion>-style animation of xlink:href",
    svg(`<a><animateTransform attributeName="xlink:href" values="javascript:alert(1)"/></a>`),
    /javascript/i,
  ],
  ["<handler>", svg(`<handler type="application/ecmascript">alert(1)</handler>`), /alert|handler/i],
  [
    "foreignObject with HTML",
    svg(`<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></foreignObject>`),
    /onerror|foreignObject/i,
  ],
  ["iframe", svg(`<iframe src="https://evil.example"></iframe>`), /iframe|evil/i],
  ["external <use>", svg(`<use href="https://evil.example/sprite.svg#icon"/>`), /evil/],
  ["external <use> by xlink:href", svg(`<use xlink:href="https://evil.example/sprite.svg#icon"/>`), /evil/],
  ["external <image>", svg(`<image href="https://evil.example/track.png" width="1" height="1"/>`), /evil/],
  ["@import in <style>", svg(`<style>@import url(https://evil.example/x.css);</style>`), /evil|@import/],
  ["external url() in a style attribute", svg(`<rect style="fill: url(https://evil.example/x.svg#p)"/>`), /evil/],
  ["upper-case <SCRIPT>", svg(`<SCRIPT>alert(1)</SCRIPT>`), /alert/],
  [
    "namespaced <svg:script> inside an <svg> root",
    svg(`<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>`),
    /alert/,
  ],
  ["mixed-case xlink:HREF", svg(`<a xlink:HREF="javascript:alert(1)"><text>x</text></a>`), /javascript/i],
  [
    "@import joined across an element the sanitiser drops",
    svg(`<style>@imp<video>z</video>ort "https://evil.example/x.css";</style>`),
    /evil|@import/,
  ],
  ["@import spelt with a CSS escape", svg(`<style>@\\69mport "https://evil.example/x.css";</style>`), /evil/],
  ["url() spelt with a CSS escape in a style attribute", svg(`<rect style="fill: \\75 rl(https://evil.example/x.svg#p)"/>`), /evil/],
  [
    "image-set() with a bare address",
    svg(`<style>rect { fill: red; background: image-set("https://evil.example/t.png" 1x) }</style>`),
    /evil/,
  ],
  ["external paint server in a fill attribute", svg(`<rect width="9" height="9" fill="url(https://evil.example/p.svg#p)"/>`), /evil/],
  ["external filter attribute", svg(`<rect width="9" height="9" filter="url(https://evil.example/f.svg#f)"/>`), /evil/],
  ["xml:base pointing elsewhere", svg(`<g xml:base="https://evil.example/"><use href="#c"/></g><circle id="c" r="1"/>`), /evil|xml:base/],
  ["<feImage> loading an address", svg(`<filter id="f"><feImage href="https://evil.example/t.png"/></filter>`), /evil/],
  ["<link rel=stylesheet>", svg(`<link rel="stylesheet" href="https://evil.example/x.css"/>`), /evil|<link/],
  [
    "XML entity (XXE)",
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${svg(`<text>&xxe;</text>`)}`,
    /passwd|root:/,
  ],
];

const benign = (name: string) => readFileSync(path.join(__dirname, "../../../db/images", name));
const INKSCAPE = Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
  xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" width="32" height="32" viewBox="0 0 32 32" inkscape:version="1.3">
  <sodipodi:namedview id="base" pagecolor="#ffffff"/>
  <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
  <style>.dot { fill: url(#grad); } .ring > circle { stroke: #333 }</style>
  <defs><linearGradient id="grad" gradientTransform="rotate(45)"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient>
    <circle id="c" r="4"/></defs>
  <g inkscape:label="Background image (copy)" inkscape:groupmode="layer" class="ring"><use href="#c" x="8" y="8" class="dot"/><use xlink:href="#c" x="24" y="24"/>
    <text x="2" y="30">A &amp; B</text></g>
</svg>`);

describe("images: decompression bombs, hostile SVG, exact size limit", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    ({ app, token } = await startSignedIn({ env: { MAX_UPLOAD_MB: "0.05" } }));
  });
  afterAll(() => app.close());

  const stored = () => readdirSync(app.services.config.imagesDir).sort();
  const newsCount = async () => (await app.gql("{ _allNewsMeta { count } }")).body.data._allNewsMeta.count;

  it("refuses a PNG that decodes to 40,000 × 40,000 pixels from its header alone, storing nothing", async () => {
    const refusal = { imageUri: "Image is too large: 40000 × 40000 pixels, at most 50 megapixels" };
    const [before, count] = [stored(), await newsCount()];
    expect(fieldErrors(await app.upload(CREATE_NEWS, { f: null }, { f: pngClaiming(40_000, 40_000) }, token))).toEqual(refusal);
    // The same header over image data that is not even deflate: the same refusal, so nothing past the header was
    // decoded (a decoder would have found it damaged, or spent seconds and gigabytes on the real one).
    const undecodable = pngClaiming(40_000, 40_000, Buffer.alloc(100, 0xff));
    expect(fieldErrors(await app.upload(CREATE_NEWS, { f: null }, { f: undecodable }, token))).toEqual(refusal);
    expect(stored()).toEqual(before);
    expect(await newsCount()).toBe(count);
    // 7,000 × 7,000 is 49 megapixels: accepted.
    expect((await app.upload(CREATE_NEWS, { f: null }, { f: pngClaiming(7000, 7000) }, token)).body.data.createNews.imageUri).toMatch(
      /\.png$/,
    );
  });

  it("refuses a raster whose size cannot be read", async () => {
    const broken = Buffer.concat([files.png.subarray(0, 12), Buffer.from("garbage")]);
    const res = await app.upload(CREATE_NEWS, { f: null }, { f: broken }, token);
    expect(fieldErrors(res)).toEqual({ imageUri: "The image is damaged or incomplete" });
  });

  it.each(HOSTILE)("hostile SVG (%s) is refused or stored harmless", async (_label, text, hostile) => {
    const res = await app.upload(CREATE_NEWS, { f: null }, { f: Buffer.from(text) }, token);
    if (res.body.errors) {
      // Refused by the sanitiser ("SVG ... not allowed", "SVG image is not well-formed XML"), or not taken for an SVG at all.
      expect(fieldErrors(res)?.imageUri).toMatch(/^SVG |^Not an SVG image$|^Allowed Only|^An embedded image/);
      return;
    }
    const served = await app.http.get(`/Images/${res.body.data.createNews.imageUri}`);
    expect(served.status).toBe(200);
    expect(served.text ?? served.body.toString()).not.toMatch(hostile);
  });

  it("names what it refuses", async () => {
    const reason = async (text: string) =>
      fieldErrors(await app.upload(CREATE_NEWS, { f: null }, { f: Buffer.from(text) }, token))?.imageUri;
    expect(await reason(svg(`<script>alert(1)</script>`))).toBe("SVG scripts are not allowed");
    expect(await reason(svg(`<rect onload="alert(1)"/>`))).toBe("SVG event handlers are not allowed");
    expect(await reason(svg(`<a href="javascript:alert(1)"><text>x</text></a>`))).toBe("SVG script links are not allowed");
    expect(await reason(svg(`<set attributeName="onmouseover" to="alert(1)"/>`))).toBe(
      "SVG animations of links or handlers are not allowed",
    );
    expect(await reason(svg(`<image href="https://evil.example/t.png"/>`))).toBe("SVG external references are not allowed");
    expect(await reason(svg(`<style>@import url(https://evil.example/x.css);</style>`))).toBe("SVG external references are not allowed");
    expect(await reason(svg(`<rect fill="url(https://evil.example/p.svg#p)"/>`))).toBe("SVG external references are not allowed");
    expect(await reason(svg(`<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>`))).toBe(
      "SVG scripts are not allowed",
    );
  });

  it("holds an embedded raster to the same pixel limit", async () => {
    const reason = async (text: string) =>
      fieldErrors(await app.upload(CREATE_NEWS, { f: null }, { f: Buffer.from(text) }, token))?.imageUri;
    const bomb = pngClaiming(40_000, 40_000).toString("base64");
    expect(await reason(svg(`<image width="9" height="9" href="data:image/png;base64,${bomb}"/>`))).toBe(
      "An embedded image is too large: 40000 × 40000 pixels, at most 50 megapixels",
    );
    expect(await reason(svg(`<rect width="9" height="9" style="fill: url('data:image/png;base64,${bomb}')"/>`))).toMatch(
      /^An embedded image is too large/,
    );
    const inline = svg(`<image width="9" height="9" href="data:image/png;base64,${files.png.toString("base64")}"/>`);
    expect((await app.upload(CREATE_NEWS, { f: null }, { f: Buffer.from(inline) }, token)).body.data.createNews.imageUri).toMatch(/\.svg$/);
  });

  it("refuses an SVG too deep or too big for the sanitiser before the sanitiser parses it, storing nothing", async () => {
    const [before, count] = [stored(), await newsCount()];
    // The sanitiser parses an SVG with jsdom's DOMParser, at a cost that grows with elements × depth.
    const parses = jest.spyOn(DOMParserImpl.prototype, "parseFromString");
    const samples: [string, string][] = [
      // 36 kB of groups left open: jsdom spent 27 s on it, then overflowed its stack, before the shape was read first.
      [svg("<g>".repeat(12_000)), "SVG image is too complex: more than 100 levels of nesting"],
      // 27 kB that an HTML parser turns into four million elements (each <p> reopens every unclosed <b>).
      [
        svg("<p>" + Array.from({ length: 2000 }, (_, i) => `<b a="${i}">`).join("") + "<p>x".repeat(2000)),
        "SVG image is too complex: more than 100 levels of nesting",
      ],
      [svg("<rect/>".repeat(5001)), "SVG image is too complex: more than 5000 elements"],
      [
        svg(`<rect ${Array.from({ length: 101 }, (_, i) => `data-a${i}="1"`).join(" ")}/>`),
        "SVG image is too complex: more than 100 attributes on one element",
      ],
    ];
    try {
      for (const [text, message] of samples) {
        const res = await app.upload(CREATE_NEWS, { f: null }, { f: Buffer.from(text) }, token);
        expect(fieldErrors(res)).toEqual({ imageUri: message });
      }
      expect(parses).not.toHaveBeenCalled();
      expect(stored()).toEqual(before);
      expect(await newsCount()).toBe(count);
      // A drawing within the limits is parsed there: the spy sees the sanitiser's work.
      const drawing = svg(`<g><rect width="9" height="9"/></g>`);
      expect((await app.upload(CREATE_NEWS, { f: null }, { f: Buffer.from(drawing) }, token)).body.data.createNews.imageUri).toMatch(
        /\.svg$/,
      );
      expect(parses).toHaveBeenCalledTimes(1);
    } finally {
      parses.mockRestore();
    }
  });

  it("refuses an SVG that is not well-formed XML, as a browser would not draw it", async () => {
    const res = await app.upload(CREATE_NEWS, { f: null }, { f: Buffer.from(svg(`<rect width=9 height="9">`)) }, token);
    expect(fieldErrors(res)?.imageUri).toMatch(/^SVG image is not well-formed XML: 1:\d+: /);
    const noNamespace = await app.upload(CREATE_NEWS, { f: null }, { f: Buffer.from(`<svg><rect width="9" height="9"/></svg>`) }, token);
    expect(fieldErrors(noNamespace)).toEqual({ imageUri: "Not an SVG image" });
  });

  it.each([
    ["the seed logo", benign("logo.svg")],
    ["an Inkscape drawing with metadata, a gradient, <use> and a stylesheet", INKSCAPE],
  ])("keeps a benign SVG (%s) as a well-formed SVG with its drawing", async (_label, bytes) => {
    const res = await app.upload(CREATE_NEWS, { f: null }, { f: bytes }, token);
    const name = res.body.data.createNews.imageUri;
    const served = await app.http.get(`/Images/${name}`).buffer(true);
    const text = Buffer.isBuffer(served.body) ? served.body.toString() : served.text;
    // Parsed as browsers parse an .svg file: XML, which refuses anything malformed.
    const doc = new JSDOM(text, { contentType: "image/svg+xml" }).window.document;
    expect(doc.documentElement.localName).toBe("svg");
    expect(doc.documentElement.namespaceURI).toBe("http://www.w3.org/2000/svg");
    const original = new JSDOM(bytes.toString(), { contentType: "image/svg+xml" }).window.document;
    for (const tag of ["circle", "path", "use", "linearGradient", "stop", "text"]) {
      expect([tag, doc.getElementsByTagName(tag).length]).toEqual([tag, original.getElementsByTagName(tag).length]);
    }
    expect(text).not.toMatch(/inkscape|sodipodi/);
  });

  it("accepts a file of exactly MAX_UPLOAD_MB and refuses one byte more, on GraphQL and REST", async () => {
    const max = app.services.config.maxUploadBytes;
    const exact = Buffer.concat([files.png, Buffer.alloc(max - files.png.length, 7)]);
    const over = Buffer.concat([exact, Buffer.from([7])]);
    expect((await app.upload(CREATE_NEWS, { f: null }, { f: exact }, token)).body.data.createNews.imageUri).toMatch(/\.png$/);
    const refused = await app.upload(CREATE_NEWS, { f: null }, { f: over }, token);
    expect(refused.body.errors![0].extensions!.code).toBe("PAYLOAD_TOO_LARGE");

    const rest = (file: Buffer) =>
      app.http
        .post("/api/add/news")
        .set("Authorization", token)
        .field("Heading", "h")
        .field("Description", "d")
        .attach("file", file, "a.png");
    expect((await rest(exact)).status).toBe(200);
    const restOver = await rest(over);
    expect([restOver.status, restOver.body.message]).toEqual([
      413,
      `File exceeds the ${0.05} MB limit`.replace("0.05", String(max / 1024 / 1024)),
    ]);
  });
});
