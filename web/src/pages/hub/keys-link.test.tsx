import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { KeysLink } from './keys-link';

describe(KeysLink.name, () => {
  it('leads to the API keys page under the hub, saying what it is for', () => {
    render(
      <MemoryRouter>
        <KeysLink />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'API keys' })).toHaveAttribute('href', '/mb/keys');
    expect(screen.getByText('Use your agents from other programs.')).toBeInTheDocument();
  });
});
