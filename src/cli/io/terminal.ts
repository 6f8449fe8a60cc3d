// What kind of terminal we talk to: decides tables vs tab-separated rows, colour, prompts and
// spinners. Prompts need both stdin and stdout on a terminal and neither --no-input nor CI.

export interface TerminalInfo {
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  color: boolean;
  canPrompt: boolean;
}

export function detectTerminal(opts: { noInput?: boolean; color?: boolean }, env: NodeJS.ProcessEnv = process.env): TerminalInfo {
  const stdoutIsTTY = !!process.stdout.isTTY;
  const stderrIsTTY = !!process.stderr.isTTY;
  const stdinIsTTY = !!process.stdin.isTTY;
  const ciSet = !!env.CI && env.CI !== 'false' && env.CI !== '0';
  let color = stdoutIsTTY;
  if (env.FORCE_COLOR !== undefined) color = env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') color = false;
  if (opts.color === false) color = false;
  return {
    stdoutIsTTY,
    stderrIsTTY,
    stdinIsTTY,
    color,
    canPrompt: stdinIsTTY && stdoutIsTTY && !opts.noInput && !ciSet && !env.HOSTCTL_NO_PROMPT,
  };
}
