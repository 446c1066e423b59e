import type { Resource } from "../../src/resources/kit/define";
import { ADMIN, startTestApp, TestApp } from "./testApp";

export interface RestApp extends TestApp {
  /** The token exactly as /api/login answered it (sent bare, as the legacy admin does). */
  token: string;
  /** A JSON POST, with the token unless `auth` is false. */
  post(path: string, body?: Record<string, unknown>, auth?: string | false): Promise<Res>;
  get(path: string, auth?: string | false): Promise<Res>;
  /** A multipart POST: text fields and files (name → bytes). */
  form(
    path: string,
    fields: Record<string, string | number | boolean>,
    files?: Record<string, Buffer>,
    auth?: string | false,
  ): Promise<Res>;
  /** A record read back through GraphQL, by id. */
  read(resource: Resource, id: string | number): Promise<Record<string, any> | null>;
  /** Every record of a resource, read through GraphQL. */
  readAll(resource: Resource, filter?: Record<string, unknown>): Promise<Record<string, any>[]>;
  /** Whether a stored image file is served at /Images/{name}. */
  imageServed(name: string): Promise<boolean>;
}

export interface Res {
  status: number;
  body: any;
  headers: Record<string, string>;
}

const selection = (r: Resource) =>
  [
    "id",
    "createdAt",
    "updatedAt",
    ...Object.entries(r.fields)
      .filter(([, s]) => !s.hidden)
      .map(([n, s]) => (s.kind === "blocks" ? `${n} { title description imageUri }` : n)),
  ].join(" ");

export async function startRestApp(opts: Parameters<typeof startTestApp>[0] = {}): Promise<RestApp> {
  const app = await startTestApp(opts);
  const login = await app.http.post("/api/login").send({ email: ADMIN.email, password: ADMIN.password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const token: string = login.body.token;
  const auth = (req: any, a: string | false | undefined) => (a === false ? req : req.set("Authorization", a ?? token));
  const admin = await app.adminToken();

  const gqlData = async (query: string, variables: Record<string, unknown>) => {
    const res = await app.gql(query, variables, admin);
    if (res.body.errors?.[0]?.extensions?.code === "NOT_FOUND") return {};
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
    return res.body.data;
  };

  return Object.assign(app, {
    token,
    post: (path: string, body: Record<string, unknown> = {}, a?: string | false) => auth(app.http.post(path), a).send(body),
    get: (path: string, a?: string | false) => auth(app.http.get(path), a),
    form: (path: string, fields: Record<string, string | number | boolean>, files: Record<string, Buffer> = {}, a?: string | false) => {
      const req = auth(app.http.post(path), a);
      for (const [k, v] of Object.entries(fields)) req.field(k, String(v));
      for (const [k, bytes] of Object.entries(files)) req.attach(k, bytes, `${k}.bin`);
      return req;
    },
    async read(resource: Resource, id: string | number) {
      return (
        (await gqlData(`query($id: ID!) { ${resource.name}(id: $id) { ${selection(resource)} } }`, { id: String(id) }))[resource.name] ??
        null
      );
    },
    async readAll(resource: Resource, filter: Record<string, unknown> = {}) {
      return (
        await gqlData(`query($f: ${resource.name}Filter) { all${resource.plural}(filter: $f, perPage: 1000) { ${selection(resource)} } }`, {
          f: filter,
        })
      )[`all${resource.plural}`];
    },
    async imageServed(name: string) {
      return (await app.http.get(`/Images/${name}`)).status === 200;
    },
  });
}

/** A legacy write that succeeded: 200 with `{ success, message, data }`; gives `data`. */
export function expectWrite(res: { status: number; body: any }) {
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, message: expect.any(String) });
  return res.body.data;
}

/**
 * Updates a landing section's first record through its multipart route (Title,
 * Heading, Description, content and a new image) and checks what was stored.
 */
export async function expectSectionUpdate(app: RestApp, path: string, resource: Resource, identifier: string, image: Buffer) {
  const [first] = await app.readAll(resource);
  const texts = {
    title: `${resource.name} title`,
    heading: `${resource.name} heading`,
    description: `${resource.name} description`,
    content: `${resource.name} content`,
  };
  const body = {
    identifier,
    _id: first.id,
    Title: texts.title,
    Heading: texts.heading,
    Description: texts.description,
    content: texts.content,
  };
  expectWrite(await app.form(path, body, { file: image }));
  const stored = await app.read(resource, first.id);
  expect(stored).toMatchObject({ ...texts, identifier });
  expect(stored!.imageUri).not.toBe(first.imageUri);
}
