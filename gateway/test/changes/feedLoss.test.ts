import { EventEmitter } from "events";
import type { Redis } from "ioredis";
import type { DataSource } from "typeorm";
import { ChangeFeed, type Change, type Loss } from "../../src/changes/feed";
import { createLogger } from "../../src/logger";
import { waitFor } from "../support/timing";

/**
 * Two feeds on a pub/sub of this file's own (no Redis): what a feed tells of lost changes, which a real Redis cut
 * (test/scaleout/streamsRedisCut.test.ts) cannot show replica by replica, as every replica loses it at once there.
 */

type Subscriber = EventEmitter & { status: string };

function bus() {
  const subscribers: Subscriber[] = [];
  const replica = () => {
    const state = { down: false };
    const subscriber = Object.assign(new EventEmitter(), {
      status: "connecting",
      subscribe: async () => 1,
      disconnect: () => undefined,
    });
    subscribers.push(subscriber);
    const redis = Object.assign(new EventEmitter(), {
      duplicate: () => subscriber,
      publish: async (channel: string, message: string) => {
        if (state.down) throw new Error("Connection is closed.");
        for (const other of subscribers) if (other.status === "ready") other.emit("message", channel, message);
        return subscribers.length;
      },
    });
    const feed = new ChangeFeed({ subscribers: [] } as unknown as DataSource, createLogger("silent"), redis as unknown as Redis);
    const losses: Loss[] = [];
    feed.onLoss((loss) => losses.push(loss));
    const connect = () => {
      subscriber.status = "ready";
      subscriber.emit("ready");
    };
    return { feed, redis, subscriber, state, losses, connect };
  };
  return { replica };
}

const change: Change = { resource: "News", id: "1", op: "create", version: 1, actor: "admin", at: new Date(0).toISOString() };

describe("the change feed's losses", () => {
  it("is live once subscribed, and tells a loss once when its subscriber's connection drops", async () => {
    const replicaA = bus().replica();
    expect(replicaA.feed.live).toBe(false);
    replicaA.connect();
    await waitFor("A to be subscribed", () => replicaA.feed.live);
    replicaA.subscriber.status = "reconnecting";
    replicaA.subscriber.emit("close");
    replicaA.subscriber.emit("error", new Error("connect ECONNREFUSED"));
    expect([replicaA.feed.live, replicaA.losses]).toEqual([false, ["subscriber"]]);
    replicaA.connect();
    await waitFor("A to be subscribed again", () => replicaA.feed.live);
  });

  it("tells a failed publish here, and the other replicas once it reaches Redis again", async () => {
    const { replica } = bus();
    const replicaA = replica();
    const replicaB = replica();
    replicaA.connect();
    replicaB.connect();
    await waitFor("both to be subscribed", () => replicaA.feed.live && replicaB.feed.live);
    const heard: Change[] = [];
    replicaA.feed.listen((told) => heard.push(told));

    replicaB.state.down = true;
    replicaB.feed.publish(change);
    await waitFor("B to tell its loss", () => replicaB.losses.length > 0);
    expect([replicaB.losses, replicaA.losses, heard]).toEqual([["publish"], [], []]);

    replicaB.state.down = false;
    replicaB.redis.emit("ready");
    await waitFor("A to hear B's notice", () => replicaA.losses.length > 0);
    expect(replicaA.losses).toEqual(["notice"]);
    // Owed once: a publish after it tells the change alone.
    replicaB.feed.publish(change);
    await waitFor("A to hear the next change", () => heard.length > 0);
    expect([heard, replicaA.losses]).toEqual([[change], ["notice"]]);
  });
});
