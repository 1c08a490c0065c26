/**
 * The side panel's "slow mass transfers" switch. The playground's simulator pays a 10,000-row list in
 * under a second, too fast to try Pause, Resume or Cancel; while the switch is on, the simulator's
 * latency fault holds every createMassTransfer call for SLOW_MASS_MS. The fault book is the one
 * place the switch's state is kept.
 */
import type { Simulator } from "../simulator/simulator.js";

/** How long each batch of a mass transfer takes at the simulator while the switch is on. */
export const SLOW_MASS_MS = 2000;

/** As good as for ever: the fault stays until the switch is turned off. */
const STANDING = 1_000_000_000;

/** Whether the switch is on. */
export function slowMassOn(sim: Simulator): boolean {
  return sim.faults.list().some((f) => f.operationId === "createMassTransfer" && f.mode === "latency");
}

/** Turns the switch on or off. */
export function setSlowMass(sim: Simulator, on: boolean): void {
  sim.faults.remove("createMassTransfer", "latency");
  if (on) sim.faults.add({ operationId: "createMassTransfer", mode: "latency", ms: SLOW_MASS_MS, count: STANDING });
}
