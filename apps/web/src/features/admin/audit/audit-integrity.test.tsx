import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { AuditIntegrity } from './audit-integrity';

describe('<AuditIntegrity>', () => {
  signedInApi();

  it('says where the chain breaks, and that it is intact once checked again', async () => {
    let answer: unknown = { ok: false, checked: 41, broken_at: 41, reason: 'bad_signature' };
    const api = apiFetch(({ path }) => (path === '/admin/audit/verify' ? answer : undefined));
    setFetch(api.fetch);
    await renderWithApp([{ path: '/admin/audit', element: <AuditIntegrity /> }], {
      at: '/admin/audit',
    });
    await waitFor(() =>
      expect(screen.getByTestId('audit-verify').textContent).toBe(
        "Broken after 41 entries checked: an entry's signature does not match (forged, or the chain was rewritten), position 41 in the chain",
      ),
    );
    answer = { ok: true, checked: 120 };
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Check again' })));
    await waitFor(() =>
      expect(screen.getByTestId('audit-verify').textContent).toBe(
        "Intact: every one of 120 entries follows the one before and carries the club's signature.",
      ),
    );
    expect(api.requests.filter((r) => r.path === '/admin/audit/verify')).toHaveLength(2);
  });
});
