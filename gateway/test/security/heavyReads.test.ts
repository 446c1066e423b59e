import { GatewayProcess, spawnGateway, tempDir, waitFor } from "../support/gatewayProcess";
import { startTestApp, TestApp } from "../support/testApp";
import { within } from "../support/timing";

/** graphql-js's executor, as Apollo calls it: each read's execution can be counted. */
const execution = require("graphql/execution/execute.js") as { execute(...args: unknown[]): unknown };

/** Contributions in the table: enough for 8 different 1,000-row pages (the bench reads 200,000: npm run bench). */
const ROWS = 10_000;
const FIELDS = "id presaleAddress buyer currency amountPaid tokens blockNumber txHash logIndex boughtAt";

/** Bulk inserts of indexed purchases, 500 rows a statement (the same SQL on SQLite and MariaDB). */
async function seedContributions(app: TestApp) {
  for (let from = 0; from < ROWS; from += 500) {
    const values: unknown[] = [];
    const rows: string[] = [];
    for (let n = from; n < from + 500; n++) {
      const at = new Date(Date.UTC(2025, 0, 1) + n * 3000).toISOString().replace("T", " ").replace("Z", "");
      const hash = `0x${n.toString(16).padStart(64, "0")}`;
      rows.push("(?, 97, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)");
      values.push(`97:${hash}:0`, `0x${"1".repeat(40)}`, `0x${n.toString(16).padStart(40, "0")}`, n % 2 ? "BNB" : "BUSD");
      values.push(`${n}000000000000000`, `${n}000000000000000000`, 1_000_000 + n, hash, at, at, at);
    }
    await app.services.ds.query(
      `INSERT INTO contributions (eventKey, chainId, presaleAddress, buyer, currency, amountPaid, tokens, blockNumber, txHash, logIndex, boughtAt, createdAt, updatedAt) VALUES ${rows.join(", ")}`,
      values,
    );
  }
}

/**
 * A signed-in caller's heaviest reads must not stall everyone else: wide rows
 * of indexed chain data cost more against GRAPHQL_MAX_COST (their resource's
 * row cost), and a long SQLite read takes turns with other requests. /healthz
 * is watched on the built gateway in a process of its own (as it runs), on the
 * test app's database; the turns are counted in this process, on the test app.
 * The figures at 200,000 rows come from `npm run bench`.
 */
describe("heavy signed-in reads", () => {
  let app: TestApp;
  let gateway: GatewayProcess;
  let token: string;
  const data = tempDir("presale-heavy-");
  beforeAll(async () => {
    app = await startTestApp();
    await seedContributions(app);
    gateway = await spawnGateway({
      DATABASE_URL: app.databaseUrl,
      DATA_DIR: data.dir,
      JWT_SECRET: app.services.config.jwtSecret,
      // Every read from the database (the worst case).
      PUBLIC_CACHE_MB: "0",
    });
    await waitFor(gateway, "/healthz");
    token = await app.adminToken();
  }, 180_000);
  afterAll(async () => {
    await gateway?.stop();
    await app.close();
    data.remove();
  });

  /** The body is kept as text until asked for: parsing eight large answers would hold up this process's own event loop. */
  const post = (query: string) =>
    fetch(`${gateway.url}/graphql`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: token },
      body: JSON.stringify({ query }),
    }).then(async (res) => {
      const text = await res.text();
      return {
        status: res.status,
        get body() {
          return JSON.parse(text) as any;
        },
      };
    });

  /** Each page of 1,000 rows is what it should be: newest block first, page p starting 1,000 × p rows below the top. */
  const expectPages = (answers: { status: number; body: any }[]) => {
    for (const [page, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.body.data.allContributions).toHaveLength(1000);
      expect(answer.body.data.allContributions[0].blockNumber).toBe(1_000_000 + ROWS - 1 - 1000 * page);
    }
  };

  it("a row of contributions costs 5: two 1,000-row pages are refused with 400, news are not", async () => {
    const two = await post(`{ a: allContributions(perPage: 1000) { id } b: allContributions(page: 1, perPage: 1000) { id } }`);
    expect(two.status).toBe(400);
    expect(two.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(two.body.errors[0].message).toBe("Query too expensive: it asks for up to 10000 rows, the limit is 5000");
    const news = await post(`{ a: allNews(perPage: 1000) { id } b: allNews(page: 1, perPage: 1000) { id } }`);
    expect(news.status).toBe(200);
  });

  it("8 parallel maximum-cost reads leave /healthz answering while they run", async () => {
    // Warm: the first read of a document compiles what later ones reuse.
    expect((await post(`{ allContributions(page: 9, perPage: 1000) { ${FIELDS} } }`)).status).toBe(200);
    /** What answered, in the order it did: the order, not the time, says whether /healthz waited for all the reads. */
    const answered: ("read" | "health")[] = [];
    let reading = true;
    const reads = Promise.all(
      Array.from({ length: 8 }, (_, page) =>
        post(`{ allContributions(page: ${page}, perPage: 1000) { ${FIELDS} } }`).then((answer) => {
          answered.push("read");
          return answer;
        }),
      ),
    ).finally(() => (reading = false));
    const poll = (async () => {
      while (reading) {
        expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
        answered.push("health");
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    expectPages(await within("the 8 reads' answers", reads));
    await poll;
    // Answered while reads were still running, between their answers: a gateway that served them to the end first
    // would answer every /healthz before the first read's answer or after the last one.
    const first = answered.indexOf("read");
    expect(answered.slice(first, answered.lastIndexOf("read"))).toContain("health");
  });

  it("takes turns: of 8 parallel maximum-cost reads, at most two run at once", async () => {
    // Counted in this process, on the test app (the same database): each read's execution, from its start to its result.
    const execute = execution.execute;
    let running = 0;
    let most = 0;
    const executions = jest.spyOn(execution, "execute").mockImplementation((...args) => {
      most = Math.max(most, ++running);
      return Promise.resolve(execute(...args)).finally(() => running--);
    });
    try {
      const answers = await within(
        "the 8 reads' answers",
        Promise.all(
          Array.from({ length: 8 }, (_, page) => app.gql(`{ allContributions(page: ${page}, perPage: 1000) { ${FIELDS} } }`, {}, token)),
        ),
      );
      expectPages(answers);
      expect(executions).toHaveBeenCalledTimes(8);
      // The others waited for their turn (all eight at once fill every turn of the event loop with their slices).
      expect(most).toBeLessThanOrEqual(2);
    } finally {
      executions.mockRestore();
    }
  });
});
