import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The Python of a venv where the official `openai` package was installed from the registry (CI makes one: .ci/run). */
export function openAiPython(): string {
  const python = process.env.OPENAI_PYTHON?.trim();
  if (!python || !existsSync(python))
    throw new Error(
      'OPENAI_PYTHON must name the python of a venv with the openai package (python3 -m venv v && v/bin/pip install openai)',
    );
  return python;
}

interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

interface Refusal {
  error: string | null;
  status?: number;
  code?: string | null;
  param?: string | null;
  type?: string | null;
}

/** What openai_python_client.py printed. */
export interface PythonClientRun {
  client: string;
  models: string[];
  whole: { id: string; model: string; content: string; finish_reason: string; usage: Usage };
  streamed: {
    ids: string[];
    first_delta_role: string | null;
    text: string;
    chunks: number;
    text_chunks: number;
    finish_reason: string | null;
    last_choices: number;
    usage: Usage;
  };
  bad_key: Refusal;
  forbidden_model: Refusal;
  bad_field: Refusal;
}

const script = join(__dirname, 'openai_python_client.py');

/**
 * Runs the script with the venv's Python against `baseUrl` (ending in /v1). Its environment holds no proxy
 * settings, so the client goes straight to the loopback address.
 */
export function runPythonClient(
  baseUrl: string,
  key: string,
  model: string,
  forbiddenModel: string,
): Promise<PythonClientRun> {
  return new Promise((resolve, reject) => {
    execFile(
      openAiPython(),
      [script, baseUrl, key, model, forbiddenModel],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME }, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`the Python client failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as PythonClientRun);
      },
    );
  });
}
