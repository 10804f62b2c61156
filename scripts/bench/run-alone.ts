/**
 * Lets a bench module run on its own (`npx tsx scripts/bench/<name>.ts`): when it is the entry point,
 * measures, prints and exits (non-zero on failure). Imported by the full bench it does nothing.
 */
export function runWhenMain<T>(moduleUrl: string, measure: () => Promise<T>, print: (result: T) => void = (result) => console.table(result)): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  measure()
    .then((result) => {
      print(result);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
