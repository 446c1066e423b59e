import { act } from "@testing-library/react";
import { setChangeSource, type Change } from "../../src/live/changeStream";

/**
 * The tab's change stream, faked: what the gateway would stream is told by
 * the test (`tell`); which token opened it and how often it was closed is kept.
 */
export function fakeChangeStream() {
  const stream = {
    listener: undefined as ((change: Change) => void) | undefined,
    token: undefined as string | undefined,
    closed: 0,
    /** Streams `change` (who and when filled in) to the open tab. */
    tell(change: Partial<Change> & Pick<Change, "resource" | "op">) {
      if (!stream.listener) throw new Error("no change stream is open");
      const told = { id: null, version: null, actor: "bob", at: new Date().toISOString(), ...change };
      act(() => stream.listener!(told));
    },
  };
  setChangeSource((token, onChange) => {
    stream.token = token;
    stream.listener = onChange;
    return () => {
      stream.closed++;
      stream.listener = undefined;
    };
  });
  return stream;
}
