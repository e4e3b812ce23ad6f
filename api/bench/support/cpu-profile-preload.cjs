// Preloaded into the server (NODE_OPTIONS=--require) by the streaming bench when BENCH_CPU_PROFILE is set:
// SIGWINCH starts V8's sampling profiler, the next SIGWINCH writes what it saw to BENCH_CPU_PROFILE_FILE.
// A signal rather than the exit, because the server ends by re-raising SIGTERM, which writes nothing.
const { renameSync, writeFileSync } = require('node:fs');
const { Session } = require('node:inspector');

const session = new Session();
session.connect();
let running = false;

process.on('SIGWINCH', () => {
  running = !running;
  if (running) {
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')),
    );
    return;
  }
  session.post('Profiler.stop', (error, result) => {
    if (error) return console.error(`cpu profile: ${error.message}`);
    const file = process.env.BENCH_CPU_PROFILE_FILE;
    // Written aside, then renamed: the bench never reads half a file.
    writeFileSync(`${file}.partial`, JSON.stringify(result.profile));
    renameSync(`${file}.partial`, file);
  });
});
