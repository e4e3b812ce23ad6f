import { JUDGE_RUBRIC, judgeCall, parseVerdict } from './judge';

describe(parseVerdict.name, () => {
  it('reads a verdict that is exactly {"pass": boolean, "reason": string}, around whitespace', () => {
    expect(parseVerdict(' {"pass": false, "reason": "It skips the warning."}\n')).toEqual({
      ok: true,
      pass: false,
      reason: 'It skips the warning.',
    });
  });

  it.each([
    ['prose', 'PASS'],
    ['a list', '[true, "ok"]'],
    ['a missing reason', '{"pass": true}'],
    ['a reason that is not text', '{"pass": true, "reason": 1}'],
    ['a fenced object', '```json\n{"pass": true, "reason": "ok"}\n```'],
  ])('refuses %s, quoting what it got', (_kind, answer) => {
    const sut = parseVerdict(answer);
    expect(sut).toEqual({ ok: false, problem: expect.stringContaining(JSON.stringify(answer).slice(0, 20)) });
  });
});

describe(judgeCall.name, () => {
  it('asks at temperature 0 under the fixed rubric, with the conversation, the reply and the criterion', () => {
    const sut = judgeCall('judge-model', [{ role: 'user', content: 'Q?' }], 'A.', 'Answers.');
    expect(sut).toMatchObject({ model: 'judge-model', temperature: 0, messages: [{ role: 'system', content: JUDGE_RUBRIC }, {}] });
    expect(sut.messages[1].content).toMatch(/<user>\nQ\?\n<\/user>[\s\S]*<reply>\nA\.\n<\/reply>[\s\S]*<criterion>\nAnswers\.\n<\/criterion>/);
  });
});
