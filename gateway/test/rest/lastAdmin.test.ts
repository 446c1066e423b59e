import { SYSTEM } from "../../src/auth/access";
import { User } from "../../src/resources/user";
import { ADMIN, errorCode, fieldErrors } from "../support/testApp";
import { expectWrite, RestApp, startRestApp } from "../support/rest";

/**
 * The back-office always keeps an admin: the last one can neither lose the
 * role nor be deleted, whoever asks, with a 4xx that says why. An admin
 * cannot demote or delete their own account (the same answer whether or not
 * they are the last admin).
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

  it("keeps the role and the record for every caller that is not the admin themselves (scripts, the gateway's own work)", async () => {
    const users = app.services.resource(User);
    await expect(users.update(adminId, { role: "editor" }, SYSTEM)).rejects.toMatchObject({
      fieldErrors: { role: expect.stringMatching(/^The last admin cannot lose the admin role/) },
    });
    await expect(users.remove(adminId, SYSTEM)).rejects.toMatchObject({
      fieldErrors: { role: expect.stringMatching(/^The last admin cannot be deleted/) },
    });
    expect(await app.read(User, adminId)).toMatchObject({ role: "admin" });
  });

  it("the last admin meets the own-account rule on GraphQL and REST alike: role 400, delete 403, nothing changed", async () => {
    const token = await app.adminToken();
    expect(fieldErrors(await demoteOverGraphql(adminId, token))).toEqual({ role: "You cannot remove your own admin role" });
    const rest = await app.post("/api/update-user", { _id: adminId, role: "editor" });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ role: "You cannot remove your own admin role" });
    expect(errorCode(await deleteOverGraphql(adminId, token))).toBe("FORBIDDEN");
    expect((await app.post("/api/user-delete", { _id: adminId })).status).toBe(403);
    expect(await app.read(User, adminId)).toMatchObject({ role: "admin" });
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
