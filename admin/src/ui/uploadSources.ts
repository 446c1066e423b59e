import { createContext, useContext, useEffect } from "react";

/**
 * Where each image input of an edit form keeps its record's current image
 * ('file' → 'imageUri', 'blockFiles.0' → 'blocks.0.imageUri'): the conflict
 * panel compares a chosen file with the other admin's stored image.
 */
export const UploadSources = createContext<Map<string, string> | null>(null);

/** Registers an image input with the edit dialog around it, if any. */
export function useUploadSource(source: string, currentSource: string) {
  const sources = useContext(UploadSources);
  useEffect(() => {
    sources?.set(source, currentSource);
    return () => {
      sources?.delete(source);
    };
  }, [sources, source, currentSource]);
}
