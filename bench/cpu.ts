// CPU time of a process (all its threads), from /proc: the cost a server pays per request, which other
// work on the machine barely moves, unlike throughput and latency.

const TICKS_PER_SECOND = await (async () => {
  const out = await new Deno.Command("getconf", { args: ["CLK_TCK"], stdout: "piped", stderr: "null" })
    .output().catch(() => null);
  return Number(new TextDecoder().decode(out?.stdout ?? new Uint8Array()).trim()) || 100;
})();

/** User plus system CPU milliseconds the process has used so far. */
export async function cpuMillis(pid: number): Promise<number> {
  const fields = statFields(await Deno.readTextFile(`/proc/${pid}/stat`));
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function statFields(stat: string): string[] {
  // The command name (field 2) may hold spaces; the fields counted here come after its closing paren.
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/**
 * A process and its children together (the postmaster and its backends). Children that exited count
 * too: the parent's cutime/cstime hold what it reaped.
 */
export async function treeCpuMillis(pid: number): Promise<number> {
  let ticks = 0;
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const fields = statFields(await Deno.readTextFile(`/proc/${entry.name}/stat`));
      if (Number(entry.name) === pid) {
        ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      } else if (Number(fields[1]) === pid) {
        ticks += Number(fields[11]) + Number(fields[12]);
      }
    } catch {
      // gone meanwhile
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Busy CPU milliseconds of the whole machine so far (every core; idle and I/O wait left out). */
export async function machineBusyMillis(): Promise<number> {
  const line = (await Deno.readTextFile("/proc/stat")).split("\n")[0];
  // cpu  user nice system idle iowait irq softirq steal ...
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return ((user + nice + system + irq + softirq + steal) * 1000) / TICKS_PER_SECOND;
}

/** The child of this process whose command line contains `needle` (the gateway startStack spawned). */
export async function childPid(needle: string): Promise<number | undefined> {
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const ppid = Number(statFields(await Deno.readTextFile(`/proc/${entry.name}/stat`))[1]);
      if (ppid !== Deno.pid) continue;
      const cmdline = await Deno.readTextFile(`/proc/${entry.name}/cmdline`);
      if (cmdline.includes(needle)) return Number(entry.name);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

export interface OtherWorkMeter {
  /** The share of all cores (0..1) that other processes kept busy since the meter started. */
  share(): Promise<number>;
}

/**
 * Starts watching how busy the machine is beyond `pids` and the postmaster's tree: the work this
 * benchmark did not start, which slows every figure taken meanwhile. Read it before stopping any of `pids`.
 */
export async function watchOtherWork(pids: number[], postgresPid: number): Promise<OtherWorkMeter> {
  const read = async () => {
    const [machine, postgres, ...own] = await Promise.all([
      machineBusyMillis(),
      treeCpuMillis(postgresPid),
      ...pids.map(cpuMillis),
    ]);
    return { machine, ours: postgres + own.reduce((a, b) => a + b, 0), at: performance.now() };
  };
  const start = await read();
  return {
    async share() {
      const end = await read();
      const others = end.machine - start.machine - (end.ours - start.ours);
      return Math.max(0, others) / ((end.at - start.at) * navigator.hardwareConcurrency);
    },
  };
}
