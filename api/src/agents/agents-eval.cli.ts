import { agentsEval } from './agents-eval';

/** `npm run agents:eval [id...]`: see agents-eval.ts. Exits once done, whatever keep-alive sockets remain open. */
agentsEval(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`agents:eval: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
