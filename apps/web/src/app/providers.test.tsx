import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { setFetch, useListTrailers } from '@app/contracts';
import { apiFetch, signedInApi } from '../test/fake-api';
import { i18n } from '../lib/i18n';
import { AppProviders } from './providers';

const TITLES: Record<string, string> = {
  ru: 'Ночная гавань',
  en: 'Night Harbour',
  uz: 'Tungi bandargoh',
};

function Trailers() {
  const trailers = useListTrailers();
  return <p data-testid="title">{trailers.data?.[0]?.title ?? '…'}</p>;
}

describe('content in the interface language', () => {
  signedInApi();
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('asks in the interface language and asks again when it changes', async () => {
    await i18n.changeLanguage('en');
    const api = apiFetch(({ path, headers }) =>
      path === '/trailers'
        ? [
            {
              id: 1,
              title: TITLES[headers.get('Accept-Language') ?? 'ru'],
              description: '',
              image_url: '/static/trailers/1.svg',
              category: 'hot',
            },
          ]
        : undefined,
    );
    setFetch(api.fetch);
    render(
      <AppProviders>
        <Trailers />
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByTestId('title').textContent).toBe('Night Harbour'));
    await act(async () => {
      await i18n.changeLanguage('uz');
    });
    await waitFor(() => expect(screen.getByTestId('title').textContent).toBe('Tungi bandargoh'));
    expect(api.requests.map((r) => r.headers.get('Accept-Language'))).toEqual(['en', 'uz']);
  });
});
