import type autocannon from 'autocannon';
import type { BenchServer } from '../server';

export interface Scenario {
  name: string;
  /** autocannon options other than url; defaults: 100 connections, 10 s. */
  options?: Partial<autocannon.Options>;
  path: string;
  /** Targets the issue sets; the table says whether each is met. */
  target?: { minRequestsPerSecond?: number; maxP99Ms?: number; maxServiceP99Ms?: number; /** Share of the bare Fastify route's req/s measured in the same run (0..1). */ minShareOfBare?: number };
  /** Prepares the server (accounts, cookies) and returns extra request options. */
  prepare?: (server: BenchServer) => Promise<Partial<autocannon.Options>>;
  /** Runs after the warm-up, before the measured run (clears the server's timings). */
  reset?: (server: BenchServer) => Promise<void>;
  /** The server's own service time of the measured requests (checked against maxServiceP99Ms). */
  serviceTimes?: (server: BenchServer) => Promise<{ p50Ms: number; p99Ms: number }>;
  /** Extra columns, e.g. engine time measured apart. */
  extra?: (server: BenchServer) => Promise<Record<string, string>>;
}
