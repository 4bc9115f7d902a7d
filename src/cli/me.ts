import type { Command } from 'commander';

/** Registers `ibqos me` (filled in by the maximum-entropy work). */
export function registerMe(program: Command): void {
  program.command('me').description('maximum-entropy GE-type queues (not yet built)');
}
