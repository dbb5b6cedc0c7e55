import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../../test/fake-api';
import { AUDIT, consoleAnswer } from '../../../test/console-fixtures';
import { renderWithApp } from '../../../test/render';
import { AdminLayout } from '../shared/admin-layout';
import { MoneyPage } from './money-page';
import { AuditPage } from '../audit/audit-page';
import { ContentPage } from '../content/content-page';
import { DashboardPage } from '../dashboard/dashboard-page';
import { EconomyPage } from './economy-page';
import { MemberPage } from '../members/member-page';
import { MembersPage } from '../members/members-page';
import { MessagesAdminPage } from '../messages/messages-page';
import { ReviewsSection } from '../reviews/reviews-section';
import { StaffPage } from '../staff/staff-page';
import { WithdrawalDetailPage } from '../withdrawals/withdrawal-detail-page';
import { WithdrawalsQueue } from '../withdrawals/withdrawals-queue';

/** Every console page at its path, and a line of text that says its data has arrived. */
const PAGES: { path: string; at: string; page: ReactNode; ready: RegExp }[] = [
  // The layout alone: its header and navigation.
  { path: '/admin/*', at: '/admin/layout', page: <AdminLayout />, ready: /V|./ },
  { path: '/admin', at: '/admin', page: <DashboardPage />, ready: /2\.00|2,00/ },
  { path: '/admin/members', at: '/admin/members', page: <MembersPage />, ready: /Aziz/ },
  {
    path: '/admin/members/:id',
    at: '/admin/members/100042',
    page: <MemberPage />,
    ready: /100050/,
  },
  {
    path: '/admin/withdrawals',
    at: '/admin/withdrawals',
    page: <WithdrawalsQueue />,
    ready: /935/,
  },
  {
    path: '/admin/withdrawals/:id',
    at: '/admin/withdrawals/12',
    page: <WithdrawalDetailPage />,
    ready: /64[\s,.\u00a0]?285/,
  },
  { path: '/admin/money', at: '/admin/money', page: <MoneyPage />, ready: /100042/ },
  { path: '/admin/reviews', at: '/admin/reviews', page: <ReviewsSection />, ready: /Aziz Karimov/ },
  { path: '/admin/economy', at: '/admin/economy', page: <EconomyPage />, ready: /#31/ },
  { path: '/admin/content', at: '/admin/content', page: <ContentPage />, ready: /./ },
  { path: '/admin/staff', at: '/admin/staff', page: <StaffPage />, ready: /Puppet/ },
  { path: '/admin/messages', at: '/admin/messages', page: <MessagesAdminPage />, ready: /./ },
  { path: '/admin/audit', at: '/admin/audit', page: <AuditPage />, ready: /#60/ },
];

/** What a person reads: the page's text without the ids shown as code (addresses, tx ids). */
function visibleText(): string {
  const copy = document.body.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('code, [data-testid="location"]').forEach((node) => node.remove());
  return copy.textContent ?? '';
}

/** Raw values that must never reach an operator, each with what it looks like. */
const RAW = [
  { what: 'a snake_case value', pattern: /\b[a-z]+(?:_[a-z0-9]+)+\b/ },
  { what: 'JSON or an unfilled {{placeholder}}', pattern: /[{}]/ },
  {
    what: 'an untranslated key',
    pattern: /\b(?:admin|common|errors|statement|records|verified|challenge|mine)\.[a-z]/,
  },
  {
    what: 'an audited action by its name',
    pattern:
      /\b(?:withdrawal|ledger|card|user|staff|proof|deposit|content|banner|economy|campaign|challenge|trailer|message|moment|verification)\.[a-z]/,
  },
];

/** An option that shows the value it sends (`true`, `pending`, `admin`) instead of words. */
function rawOptions(): string[] {
  return [...document.querySelectorAll('option')]
    .filter((option) => /^[a-z][a-z_]*$/.test(option.value) && option.textContent === option.value)
    .map((option) => option.value);
}

describe('no console page shows a raw enum or JSON', () => {
  signedInApi();
  beforeAll(() => {
    // recharts measures its container; jsdom has no ResizeObserver.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });
  beforeEach(() => {
    setFetch(apiFetch(consoleAnswer).fetch);
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
  });

  for (const language of ['en', 'ru', 'uz']) {
    for (const { path, at, page, ready } of PAGES) {
      it(`${at} in ${language}`, async () => {
        await renderWithApp([{ path, element: page }], { at, language });
        await waitFor(() => expect(visibleText()).toMatch(ready), { timeout: 3000 });
        // Everything that loads has loaded: no "Loading…" left.
        await waitFor(() =>
          expect(screen.queryAllByText(/Loading|Загрузка|Yuklanmoqda/)).toEqual([]),
        );
        const text = visibleText();
        for (const { what, pattern } of RAW) {
          const found = text.match(pattern)?.[0];
          const around = found
            ? text.slice(Math.max(0, text.indexOf(found) - 60), text.indexOf(found) + 60)
            : '';
          expect(found, `${what} on ${at} (${language}): "${around}"`).toBeUndefined();
        }
        expect(rawOptions(), `options showing their raw value on ${at}`).toEqual([]);
      });
    }
  }

  it('names every audited action of the API in words (the fixtures hold each)', async () => {
    await renderWithApp([{ path: '/admin/audit', element: <AuditPage /> }], { at: '/admin/audit' });
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(AUDIT.length));
    const lines = screen.getAllByTestId('audit-entry').map((row) => row.textContent ?? '');
    expect(lines.filter((line) => line.startsWith('Other action'))).toEqual([]);
    expect(lines[0]).toContain(
      'Gave the first approval of withdrawal #12 (1100.00 USDT to TDH7TKbRQTEminPbCpH5YAfgD23q63rz16); it waits for a second operator',
    );
    const rates = lines.find((line) => line.startsWith('Changed the card exchange rates'));
    expect(rates).toContain('USDT per 1 RUB: 0.011 → 0.012');
  });
});
