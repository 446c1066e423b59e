import { User } from "../../src/resources/user";
import { ADMIN, errorCode, fieldErrors } from "../support/testApp";
import { expectWrite, RestApp, startRestApp } from "./support";

/**
 * The back-office always keeps an admin: the last one can neither lose the
 * role nor be deleted, on GraphQL and on the legacy REST routes alike, with a
 * 4xx that says why. With a second admin, an admin still cannot demote or
 * delete their own account.
 */
describe("the last admin", () => {
  let app: RestApp;
  let adminId: string;
  beforeAll(async () => {
    app = await startRestApp();
    const [{ id }] = await app.services.ds.query(`SELECT id FROM users WHERE email = ?`, [ADMIN.email]);
    adminId = String(id);
  });
  afterAll(() => app.close());

  const demoteOverGraphql = async (id: string, token: string) =>
    app.gql(`mutation($id: ID!) { updateUser(id: $id, role: "editor") { id } }`, { id }, token);
  const deleteOverGraphql = async (id: string, token: string) =>
    app.gql(`mutation($id: ID!) { deleteUser(id: $id) { id } }`, { id }, token);

  it("keeps the role: GraphQL answers BAD_USER_INPUT on role, REST 400 { role }", async () => {
    const graphql = await demoteOverGraphql(adminId, await app.adminToken());
    expect(errorCode(graphql)).toBe("BAD_USER_INPUT");
    expect(fieldErrors(graphql)).toEqual({ role: expect.stringMatching(/^The last admin cannot lose the admin role/) });
    const rest = await app.post("/api/update-user", { _id: adminId, role: "editor" });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ role: expect.stringMatching(/^The last admin cannot lose the admin role/) });
    expect(await app.read(User, adminId)).toMatchObject({ role: "admin" });
  });

  it("is not deleted: GraphQL answers BAD_USER_INPUT on role, REST 400 { role }", async () => {
    const graphql = await deleteOverGraphql(adminId, await app.adminToken());
    expect(fieldErrors(graphql)).toEqual({ role: expect.stringMatching(/^The last admin cannot be deleted/) });
    const rest = await app.post("/api/user-delete", { _id: adminId });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ role: expect.stringMatching(/^The last admin cannot be deleted/) });
    expect(await app.read(User, adminId)).not.toBeNull();
  });

  it("with a second admin, an admin still cannot demote or delete their own account (4xx), and the other admin can", async () => {
    const second = expectWrite(
      await app.post("/api/user-add", {
        name: "second",
        email: "second@example.com",
        password: "second-pass-1",
        password2: "second-pass-1",
      }),
    );
    expectWrite(await app.post("/api/update-user", { _id: second._id, role: "admin" }));
    const ownDemote = await app.post("/api/update-user", { _id: adminId, role: "editor" });
    expect(ownDemote.status).toBe(400);
    expect(ownDemote.body).toEqual({ role: "You cannot remove your own admin role" });
    const ownDelete = await app.post("/api/user-delete", { _id: adminId });
    expect(ownDelete.status).toBe(403);
    expect(ownDelete.body).toMatchObject({ message: "You cannot delete your own account" });
    // The other admin is not the last one: demoting it works, and then it is an editor that can be deleted.
    expectWrite(await app.post("/api/update-user", { _id: second._id, role: "editor" }));
    expectWrite(await app.post("/api/user-delete", { _id: second._id }));
    expect(await app.read(User, second._id)).toBeNull();
  });
});
