/**
 * A real Slurm cluster of one node on localhost, for the sweep's Slurm tests: installs Debian's
 * `slurmctld slurmd slurm-client munge` when missing (apt-get; root, as on this project's machines
 * and CI), then starts `munged`, `slurmctld` and `slurmd` in the foreground from a temporary folder
 * holding their key, configuration, state and logs, waits until the node is idle, and stops them by
 * their process ids. No systemd: the daemons are children of the test process.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, hostname, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

export interface SlurmCluster {
  /** Environment for commands that use the cluster (SLURM_CONF, PATH). */
  readonly env: NodeJS.ProcessEnv;
  readonly dir: string;
  /** Stops the daemons (by pid) and removes the folder. */
  stop(): Promise<void>;
}

const has = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

/** Installs the Slurm and MUNGE packages when a command is missing. Throws with apt-get's output when it cannot. */
export function installSlurm(): void {
  if (['sbatch', 'squeue', 'slurmctld', 'slurmd', 'munged'].every(has)) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { env, stdio: 'pipe' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'slurmctld', 'slurmd', 'slurm-client', 'munge'], { env, stdio: 'pipe', timeout: 600_000 });
}

function freePortPair(): number {
  // Two consecutive ports in a quiet range, chosen from the pid so parallel runs differ.
  return 20000 + ((process.pid * 7) % 20000);
}

async function until(what: string, ok: () => boolean, ms: number, logs: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`Slurm test cluster: ${what} did not happen within ${ms} ms\n${logs()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts the one-node cluster. */
export async function startSlurm(): Promise<SlurmCluster> {
  installSlurm();
  const dir = mkdtempSync(join(tmpdir(), 'ibqos-slurm-'));
  chmodSync(dir, 0o700);
  for (const d of ['state', 'spool', 'munge']) mkdirSync(join(dir, d), { mode: 0o700 });
  const key = join(dir, 'munge', 'munge.key');
  const bytes = Buffer.alloc(1024);
  randomFillSync(bytes);
  writeFileSync(key, bytes, { mode: 0o400 });
  const socket = join(dir, 'munge', 'munge.socket');
  const port = freePortPair();
  const node = hostname().split('.')[0]!;
  const cpus = availableParallelism();
  const memory = Math.floor(totalmem() / 2 ** 20 / 2);
  const conf = join(dir, 'slurm.conf');
  writeFileSync(
    conf,
    [
      'ClusterName=ibqostest',
      'SlurmctldHost=localhost',
      `SlurmctldPort=${port}`,
      `SlurmdPort=${port + 1}`,
      'AuthType=auth/munge',
      'CredType=cred/munge',
      `AuthInfo=socket=${socket}`,
      'SlurmUser=root',
      'SlurmdUser=root',
      `StateSaveLocation=${join(dir, 'state')}`,
      `SlurmdSpoolDir=${join(dir, 'spool')}`,
      `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
      `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
      `SlurmctldLogFile=${join(dir, 'slurmctld.log')}`,
      `SlurmdLogFile=${join(dir, 'slurmd.log')}`,
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/none',
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_Core',
      'SchedulerType=sched/backfill',
      'JobAcctGatherType=jobacct_gather/none',
      'AccountingStorageType=accounting_storage/none',
      'JobCompType=jobcomp/none',
      'MpiDefault=none',
      'ReturnToService=2',
      'MinJobAge=300',
      'SlurmctldTimeout=30',
      'SlurmdTimeout=60',
      'SchedulerParameters=sched_interval=1',
      `NodeName=${node} NodeAddr=127.0.0.1 CPUs=${cpus} RealMemory=${memory} State=UNKNOWN`,
      `PartitionName=test Nodes=${node} Default=YES MaxTime=INFINITE State=UP`,
      '',
    ].join('\n'),
  );
  const env = { ...process.env, SLURM_CONF: conf };
  const children: ChildProcess[] = [];
  const start = (cmd: string, args: string[], log: string): void => {
    const fd = openSync(join(dir, log), 'a');
    const child = spawn(cmd, args, { env, stdio: ['ignore', fd, fd] });
    children.push(child);
  };
  const logs = (): string =>
    ['munged.out', 'slurmctld.log', 'slurmd.log', 'slurmctld.out', 'slurmd.out']
      .map((f) => {
        try {
          return `--- ${f}\n${readFileSync(join(dir, f), 'utf8').slice(-2000)}`;
        } catch {
          return '';
        }
      })
      .join('\n');
  const stop = async (): Promise<void> => {
    for (const c of children.reverse()) {
      if (c.pid !== undefined && c.exitCode === null) {
        try {
          process.kill(c.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
    }
    const end = Date.now() + 10_000;
    while (children.some((c) => c.exitCode === null && c.signalCode === null) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    for (const c of children) if (c.exitCode === null && c.signalCode === null && c.pid !== undefined) process.kill(c.pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    start('munged', ['-F', '--force', `--socket=${socket}`, `--key-file=${key}`, `--pid-file=${join(dir, 'munge', 'munged.pid')}`, `--log-file=${join(dir, 'munged.log')}`, `--seed-file=${join(dir, 'munge', 'seed')}`], 'munged.out');
    await until('munged started', () => spawnSync('sh', ['-c', `test -S ${socket}`]).status === 0, 15_000, logs);
    start('slurmctld', ['-D', '-i', '-f', conf], 'slurmctld.out');
    start('slurmd', ['-D', '-f', conf, '-N', node], 'slurmd.out');
    const idle = (): boolean => {
      const r = spawnSync('sinfo', ['-h', '-N', '-o', '%t'], { env, encoding: 'utf8' });
      return r.status === 0 && /^idle/m.test(r.stdout);
    };
    await until('the node became idle', idle, 60_000, logs);
  } catch (e) {
    await stop();
    throw e;
  }
  return { env, dir, stop };
}
