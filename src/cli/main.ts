// Entry point of the bundled CLI.
export async function main(argv: string[]): Promise<void> {
  process.stdout.write(`hostctl ${argv.join(' ')}\n`);
}
