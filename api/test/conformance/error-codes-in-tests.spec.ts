import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { schemasDir } from '../../src/config';

/**
 * A test that expects an error code the server cannot send proves nothing. Typed helpers catch most
 * (the generated ErrorCode type); this catches the rest: every code-like literal in a test file is a
 * code of schemas/wire/error-code.schema.json.
 */
const repoRoot = join(schemasDir, '..');
const errorCodes = new Set<string>(
  (JSON.parse(readFileSync(join(schemasDir, 'wire', 'error-code.schema.json'), 'utf8')) as { enum: string[] }).enum,
);

const TEST_FILES: Array<{ dir: string; match: RegExp }> = [
  { dir: 'api/test', match: /\.ts$/ },
  { dir: 'api/src', match: /\.spec\.ts$/ },
  { dir: 'web/src', match: /\.test\.tsx?$/ },
  { dir: 'e2e', match: /\.ts$/ },
];

/**
 * An upper-case literal right after `code` (`code: 'X'`, `.code).toBe('X')`, `'code', 'X'`). Other
 * SCREAMING_SNAKE strings in tests are mostly environment variables, so they are not codes.
 */
const CODE_LIKE = [/\bcode\b[^\n'"`]{0,24}['"`]([A-Z][A-Z0-9_]+)['"`]/g];

function testFiles(): string[] {
  return TEST_FILES.flatMap(({ dir, match }) =>
    readdirSync(join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => match.test(file) && !file.split(/[\\/]/).includes('node_modules'))
      .map((file) => join(repoRoot, dir, file)),
  );
}

describe('Error codes in tests', () => {
  it('finds the test files and the codes', () => {
    expect(testFiles().length).toBeGreaterThan(30);
    expect(errorCodes).toContain('NO_API_KEY');
  });

  it('uses only codes the server can send', () => {
    const unknown = testFiles().flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return CODE_LIKE.flatMap((pattern) => [...text.matchAll(pattern)])
        .map(([, code]) => code)
        .filter((code) => !errorCodes.has(code))
        .map((code) => `${relative(repoRoot, file)}: ${code}`);
    });

    expect([...new Set(unknown)]).toEqual([]);
  });
});
