import { modelSettings } from './model-settings';

describe(modelSettings.name, () => {
  it('falls back to the spec defaults without an agent', () => {
    expect(modelSettings(undefined, 'gpt-4o')).toEqual({ model: 'gpt-4o', temperature: 0.7, maxTokens: 1500 });
  });

  it('lets a request override temperature and max tokens', () => {
    expect(modelSettings(undefined, 'm', { temperature: 0.2, maxTokens: 99 })).toEqual({
      model: 'm',
      temperature: 0.2,
      maxTokens: 99,
    });
  });
});
