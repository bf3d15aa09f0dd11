// Several runs of each case, the tools in turn within a round (ours, a peer, another peer, ours
// again…), and what is reported of them: on a shared machine whose speed drifts by half from
// one second to the next, a single run of each side says little, and runs made in turn are
// slowed alike, so their ratios pair by pair hold where their absolute times do not.
import type { Measure } from './measure.js';

export type Skipped = { skipped: string };
/**
 * `startupMs`: what starting the tool took before the work was timed (a browser's launch);
 * `stages`: where pocketpress's own work went (wall ms per stage), so a ratio can be traced.
 */
export type Measured = Measure & { startupMs?: number; stages?: Record<string, number> };
export type Result = Measured | Skipped;

export const isSkipped = (result: Result): result is Skipped => 'skipped' in result;

/** A tool's measure, and whether it runs in the first round only (a peer too slow to run again: a browser drawing 100 PNGs for 20 s). */
export interface Tool {
  run: () => Result | Promise<Result>;
  once?: boolean;
}

/**
 * `count` rounds, each running every tool once in the order given; a tool that was skipped
 * (not installed, failed) is not tried again. Each tool's results in round order.
 */
export async function inRounds<K extends string>(count: number, tools: Record<K, Tool>): Promise<Record<K, Result[]>> {
  const names = Object.keys(tools) as K[];
  const results = Object.fromEntries(names.map((name) => [name, [] as Result[]])) as Record<K, Result[]>;
  for (let round = 0; round < count; round++) {
    for (const name of names) {
      const done = results[name];
      if (done.some(isSkipped) || (round > 0 && tools[name].once)) continue;
      done.push(await tools[name].run());
    }
  }
  return results;
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface Summary extends Measured {
  /** Runs measured (skipped ones left out). */
  runs: number;
  /** The fastest and the slowest run's wall ms: how noisy the machine was. */
  wallMsRange: [number, number];
}

/** Each figure's median over the runs (stages stage by stage); the first skip when no run was measured. */
export function summarize(results: readonly Result[]): Summary | Skipped {
  const measured = results.filter((r): r is Measured => !isSkipped(r));
  if (measured.length === 0) return results.find(isSkipped) ?? { skipped: 'never run' };
  const of = (pick: (m: Measured) => number | undefined) => median(measured.map(pick).filter((v): v is number => v !== undefined));
  const walls = measured.map((m) => m.wallMs);
  const summary: Summary = {
    scope: measured[0]!.scope,
    cpuMs: of((m) => m.cpuMs),
    wallMs: of((m) => m.wallMs),
    peakRssMb: of((m) => m.peakRssMb),
    runs: measured.length,
    wallMsRange: [Math.min(...walls), Math.max(...walls)],
  };
  if (measured.some((m) => m.startupMs !== undefined)) summary.startupMs = of((m) => m.startupMs);
  const stageNames = [...new Set(measured.flatMap((m) => Object.keys(m.stages ?? {})))];
  if (stageNames.length > 0) summary.stages = Object.fromEntries(stageNames.map((name) => [name, of((m) => m.stages?.[name])]));
  return summary;
}

export interface Ratio {
  /** Median of ours ÷ the peer's, run by run within a round (above 1: pocketpress is slower). */
  wall: number;
  cpu: number;
  /** The smallest and largest wall ratio of a round. */
  wallRange: [number, number];
  /** Rounds in which both were measured; 0 when the peer ran once, and our median is divided by its run. */
  pairs: number;
}

/**
 * Ours against a peer: pair by pair, the runs of one round against each other; against a peer
 * run once, our median against its run. Undefined when either side has no measured run.
 */
export function pairedRatio(ours: readonly Result[], peer: readonly Result[]): Ratio | undefined {
  const pairs: [Measured, Measured][] = [];
  for (let i = 0; i < Math.min(ours.length, peer.length); i++) {
    const a = ours[i]!;
    const b = peer[i]!;
    if (!isSkipped(a) && !isSkipped(b)) pairs.push([a, b]);
  }
  const peerRuns = peer.filter((r): r is Measured => !isSkipped(r));
  if (peerRuns.length === 1 && ours.length > 1) {
    const mine = summarize(ours);
    if (isSkipped(mine)) return undefined;
    const wall = mine.wallMs / peerRuns[0]!.wallMs;
    return { wall, cpu: mine.cpuMs / peerRuns[0]!.cpuMs, wallRange: [wall, wall], pairs: 0 };
  }
  if (pairs.length === 0) return undefined;
  const walls = pairs.map(([a, b]) => a.wallMs / b.wallMs);
  return { wall: median(walls), cpu: median(pairs.map(([a, b]) => a.cpuMs / b.cpuMs)), wallRange: [Math.min(...walls), Math.max(...walls)], pairs: pairs.length };
}
