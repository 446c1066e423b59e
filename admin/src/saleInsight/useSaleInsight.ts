/**
 * The ManageSale screen's live figures. The gateway is polled (one cheap
 * request every POLL_MS); everything else — the timeline, the lists and the
 * chain reads — is fetched again only when the indexer has reached a new
 * block, so an idle screen costs the chain node nothing, and at most one read
 * per new block.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { fetchInsight, fetchTimeline, POLL_MS, type Bucket } from "./api";

export function useSaleInsight(address: string) {
  const insight = useQuery({
    queryKey: ["saleInsight", address],
    queryFn: () => fetchInsight(address),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
  });
  return {
    stats: insight.data?.presaleStats,
    status: insight.data?.chainIndexStatus,
    error: insight.error,
    indexedBlock: insight.data?.presaleStats.indexedBlock,
  };
}

/** A timeline of the presale, fetched again when the indexed block moves. */
export function useTimeline(address: string, bucket: Bucket, indexedBlock: number | undefined) {
  return useQuery({
    queryKey: ["presaleTimeline", address, bucket, indexedBlock],
    queryFn: () => fetchTimeline(address, bucket),
    enabled: indexedBlock !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Calls `onNewBlock` each time the indexed block moves past the one first seen (not on the first answer). */
export function useOnNewBlock(indexedBlock: number | undefined, onNewBlock: () => void) {
  const seen = useRef<number | undefined>(undefined);
  const callback = useRef(onNewBlock);
  callback.current = onNewBlock;
  useEffect(() => {
    if (indexedBlock === undefined) return;
    if (seen.current !== undefined && indexedBlock > seen.current) callback.current();
    if (seen.current === undefined || indexedBlock > seen.current) seen.current = indexedBlock;
  }, [indexedBlock]);
}
