import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { ChangeFunding } from './change-funding';

describe('<ChangeFunding>', () => {
  signedInApi();

  it('shows the runway now and with the waiting change, and warns when approving it will be refused', async () => {
    const { fetch, requests } = apiFetch(({ path }) =>
      path === '/admin/funding'
        ? {
            days: 30,
            available: 7999.5,
            surplus: 5999.5,
            sponsor_funds: 2000,
            obligations: 9000,
            runway_days: 26,
            after: { obligations: 90000, runway_days: 2, funded: false },
          }
        : undefined,
    );
    setFetch(fetch);
    await renderWithApp([{ path: '/admin/economy', element: <ChangeFunding changeId={12} /> }], {
      at: '/admin/economy',
    });
    expect((await screen.findByTestId('change-funding')).textContent).toBe(
      'Runway now: 26 days (9000.00 USDT promised over 30 days, 7999.50 USDT to pay it)' +
        'With this change: 2 days (90000.00 USDT promised): not funded, approving it will be refused',
    );
    expect(requests[0].query.get('change_id')).toBe('12');
  });
});
