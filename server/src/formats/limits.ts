/**
 * Bounds every filter enforces on untrusted files. A file that crosses one ends in a
 * DocumentError within seconds instead of exhausting the worker's memory or time.
 */
export interface FilterLimits {
  /** Entries in a zip package. */
  maxEntries: number;
  /** Sum of the uncompressed sizes of all entries (declared and actual). */
  maxTotalUncompressedBytes: number;
  /** One entry, uncompressed. */
  maxEntryBytes: number;
  /** An XML part the filters parse (document.xml, sharedStrings.xml, ...). */
  maxXmlPartBytes: number;
  /** Uncompressed / compressed size above which an entry larger than 10 MiB is a zip bomb (DEFLATE tops out near 1030). */
  maxCompressionRatio: number;
  /** Element nesting depth in any XML part. */
  maxXmlDepth: number;
  /** Characters of markup in one captured element (a paragraph, a string item). */
  maxCapturedChars: number;
  /** Segments in one document. */
  maxSegments: number;
  /** Pages of a PDF. */
  maxPdfPages: number;
  /** Plain XML files (XLIFF), bytes. */
  maxXmlFileBytes: number;
}

export const DEFAULT_LIMITS: FilterLimits = {
  maxEntries: 20_000,
  maxTotalUncompressedBytes: 1024 * 1024 * 1024,
  maxEntryBytes: 512 * 1024 * 1024,
  maxXmlPartBytes: 256 * 1024 * 1024,
  maxCompressionRatio: 500,
  maxXmlDepth: 256,
  maxCapturedChars: 8 * 1024 * 1024,
  maxSegments: 500_000,
  maxPdfPages: 1_000,
  maxXmlFileBytes: 256 * 1024 * 1024,
};
