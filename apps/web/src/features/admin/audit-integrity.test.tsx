import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { AuditIntegrity } from './audit-integrity';

describe('<AuditIntegrity>', () => {
  signedInApi();

  it('says where the chain breaks, and that it is intact once checked again', async () => {
    let answer: unknown = {
      ok: false,
      rows_checked: 41,
      first_broken_id: 77,
      reason: 'edited',
      head_seq: 120,
    };
    const api = apiFetch(({ path }) => (path === '/admin/audit/verify' ? answer : undefined));
    setFetch(api.fetch);
    await renderWithApp([{ path: '/admin/audit', element: <AuditIntegrity /> }], {
      at: '/admin/audit',
    });
    await waitFor(() =>
      expect(screen.getByTestId('audit-verify').textContent).toBe(
        'Broken after 41 entries checked: an entry was changed after it was written, entry #77',
      ),
    );
    answer = { ok: true, rows_checked: 120, first_broken_id: null, reason: null, head_seq: 120 };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Check again' })));
    await waitFor(() =>
      expect(screen.getByTestId('audit-verify').textContent).toBe(
        'Intact: every one of 120 entries is linked to the one before.',
      ),
    );
    expect(api.requests.filter((r) => r.path === '/admin/audit/verify')).toHaveLength(2);
  });
});
