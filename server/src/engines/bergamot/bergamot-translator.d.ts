/** Types for the parts of @browsermt/bergamot-translator 0.4.9 (plain JS, no typings) that we use. */
declare module '@browsermt/bergamot-translator' {
  export interface BergamotRequest {
    from: string;
    to: string;
    text: string;
    html?: boolean;
    priority?: number;
    qualityScores?: boolean;
  }
  export interface BergamotResponse {
    request: BergamotRequest;
    target: { text: string };
  }
  export interface ModelBuffers {
    model: ArrayBuffer;
    shortlist: ArrayBuffer;
    vocabs: ArrayBuffer[];
    qualityModel?: ArrayBuffer | null;
    config?: Record<string, string>;
  }
  export interface WorkerExports {
    translate(input: {
      models: { from: string; to: string }[];
      texts: { text: string; html: boolean; qualityScores: boolean }[];
    }): Promise<{ target: { text: string } }[]>;
    [method: string]: (...args: any[]) => Promise<any>;
  }
  export interface LoadedWorker {
    worker: { terminate(): void; addEventListener(event: string, callback: (event: { data: unknown }) => void): void };
    exports: WorkerExports;
  }
  export interface BackingOptions {
    cacheSize?: number;
    useNativeIntGemm?: boolean;
    downloadTimeout?: number;
    registryUrl?: string;
    pivotLanguage?: string | null;
    onerror?: (error: Error) => void;
  }
  export class TranslatorBacking {
    constructor(options?: BackingOptions);
    options: BackingOptions;
    loadWorker(): Promise<LoadedWorker>;
    loadModelRegistery(): Promise<{ from: string; to: string; files: Record<string, unknown> }[]>;
    loadTranslationModel(pair: { from: string; to: string }, options?: { signal?: AbortSignal }): Promise<ModelBuffers>;
    getModels(pair: { from: string; to: string }): Promise<{ from: string; to: string }[]>;
  }
  export class BatchTranslator {
    constructor(options?: BackingOptions & { workers?: number; batchSize?: number }, backing?: TranslatorBacking);
    translate(request: BergamotRequest): Promise<BergamotResponse>;
    remove(filter: (request: BergamotRequest) => boolean): void;
    delete(): Promise<void>;
  }
  export class CancelledError extends Error {}
  export class SupersededError extends Error {}
}
