import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, PACKAGES, apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { ContentPage } from './content-page';
import { DashboardPage } from './dashboard-page';
import { EconomyPage } from './economy-page';
import { MemberPage } from './member-page';
import { MembersPage } from './members-page';

const ROW = {
  id: 100042,
  phone: '+998901112233',
  nickname: 'Aziz',
  role: 'member',
  is_active: true,
  vip_level: 1,
  vip_expire: null,
  verification: 'none',
  mail: null,
  inviter_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
  money: 12.5,
  points: 0,
};
const DETAIL = {
  ...ROW,
  points_hold: 0,
  team: { level1: 2, level2: 1, level3: 0, active: 1 },
  records: [],
  postings: [
    {
      id: 1,
      transaction_id: 9,
      kind: 'adjustment',
      account: 'money',
      currency: 'USDT',
      amount: 12.5,
      memo: {},
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
  logins: [
    {
      id: 'a',
      ip: '10.0.0.7',
      created_at: '2026-11-20T10:00:00.000Z',
      revoked_at: null,
      revoked_reason: null,
    },
  ],
};

function serve(
  role = 'admin',
  extra: (r: { method: string; path: string }) => unknown = () => undefined,
) {
  const api = apiFetch((request) => {
    if (request.path === '/users/me') return { ...MEMBER, role };
    if (request.path === '/admin/users')
      return { items: [ROW], total: 41, page: Number(request.query.get('page') ?? 1), limit: 20 };
    if (request.path === '/admin/users/100042' && request.method === 'GET') return DETAIL;
    if (request.path === '/packages') return PACKAGES;
    if (request.path === '/admin/team_rates') return { level1: 10, level2: 5, level3: 2 };
    if (request.path === '/admin/economy/history') return [];
    return extra(request);
  });
  setFetch(api.fetch);
  return api;
}

/** A raise of V2's reward waiting for a second admin: 0.88 in force, 0.8 approved. */
const CHANGE = {
  id: 31,
  target: 'package',
  target_id: 2,
  before: { ...PACKAGES[2], reward_per_trailer: 0.88 },
  after: { ...PACKAGES[2], reward_per_trailer: 1.6 },
  baseline: PACKAGES[2],
  proposed_by: 100000,
  status: 'pending',
  decided_by: null,
  decided_at: null,
  created_at: '2026-11-25T10:00:00.000Z',
  approvals: [
    {
      operator_id: 100000,
      role: 'admin',
      amount: 0,
      over_cap: false,
      created_at: '2026-11-25T10:00:00.000Z',
    },
  ],
  awaiting_second_approval: true,
};

describe('operator console pages', () => {
  signedInApi();
  beforeAll(() => {
    // recharts measures its container; jsdom has no ResizeObserver.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });

  it('keeps the members search, filters, sort and page in the URL and sends them to the API', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin/members', element: <MembersPage /> }], {
      at: '/admin/members?level=1',
    });
    expect(await screen.findByText('Members found: 41')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Find'), { target: { value: '1112233' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'money:desc' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/admin/members?level=1&q=1112233&sort=money&order=desc&page=2',
      ),
    );
    await waitFor(() => {
      const last = api.requests.filter((r) => r.path === '/admin/users').at(-1)!;
      expect(Object.fromEntries(last.query)).toMatchObject({
        q: '1112233',
        level: '1',
        sort: 'money',
        order: 'desc',
        page: '2',
        limit: '20',
      });
    });
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+998901112233' }).getAttribute('href')).toBe(
      '/admin/members/100042',
    );
  });

  it('shows a member and deactivates only after a confirmation', async () => {
    const api = serve('support', ({ method, path }) =>
      method === 'POST' && path === '/admin/users/100042/deactivate'
        ? { status: 'applied', ...DETAIL, is_active: false }
        : undefined,
    );
    await renderWithApp([{ path: '/admin/members/:id', element: <MemberPage /> }], {
      at: '/admin/members/100042',
    });
    const detail = await screen.findByTestId('member-detail');
    expect(detail.textContent).toContain('+998901112233');
    expect(detail.textContent).toContain('2 / 1 / 0 · VIP1+ 1');
    expect(screen.getByText(/10\.0\.0\.7/)).toBeTruthy();
    expect(screen.queryByLabelText('Role')).toBeNull(); // support cannot change roles
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
    const confirm = screen.getByRole('group', { name: 'Confirm' });
    expect(confirm.textContent).toContain('Deactivate member 100042?');
    await act(async () =>
      fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' })),
    );
    await waitFor(() =>
      expect(screen.getByTestId('member-detail').textContent).toContain('deactivated'),
    );
  });

  it('issues a reset code for a member with a mailbox: says where it went, never the code', async () => {
    const api = serve('support', ({ method, path }) =>
      method === 'POST' && path === '/admin/users/100042/reset_code'
        ? { sent_to: 'a***@example.com', expires_at: '2026-11-20T10:10:00.000Z' }
        : undefined,
    );
    await renderWithApp([{ path: '/admin/members/:id', element: <MemberPage /> }], {
      at: '/admin/members/100042',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Issue a reset code' }));
    const confirm = screen.getByRole('group', { name: 'Confirm' });
    await act(async () =>
      fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' })),
    );
    expect((await screen.findByTestId('member-message')).textContent).toBe(
      'The code was mailed to the mailbox of member 100042: a***@example.com. Ask them to look there; nobody else sees the code.',
    );
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/admin/users/100042/reset_code',
    ]);
  });

  it('edits a package only for admins, after a confirmation', async () => {
    const api = serve('admin', ({ method, path }) =>
      method === 'PUT' && path === '/admin/packages/1'
        ? {
            packages: PACKAGES.map((p) => (p.vip_level === 1 ? { ...p, price: 61 } : p)),
            pending_changes: [],
          }
        : undefined,
    );
    await renderWithApp([{ path: '/admin/economy', element: <EconomyPage /> }], {
      at: '/admin/economy',
    });
    const price = await screen.findByLabelText('Price of V1');
    fireEvent.change(price, { target: { value: '61' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save V1' })));
    expect(api.requests.some((r) => r.method === 'PUT')).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm V1' })));
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(put.body).toMatchObject({ price: '61', daily_trailers: PACKAGES[1].daily_trailers });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('says ahead of time that a cut price will wait, then that it waits for a second admin', async () => {
    const waiting = { ...CHANGE, target_id: 5, before: PACKAGES[5], after: PACKAGES[5] };
    const api = serve('admin', ({ method, path }) => {
      if (path === '/admin/economy/baselines')
        return {
          raise_percent: 10,
          baselines: [
            {
              target: 'package',
              target_id: 5,
              value: PACKAGES[5],
              change_id: null,
              updated_at: '2026-11-25T10:00:00.000Z',
            },
          ],
        };
      if (method === 'PUT' && path === '/admin/packages/5')
        return { packages: PACKAGES, pending_changes: [waiting] };
      return undefined;
    });
    await renderWithApp([{ path: '/admin/economy', element: <EconomyPage /> }], {
      at: '/admin/economy',
    });
    const row = await screen.findByTestId('package-5');
    // A small cut: no warning.
    fireEvent.change(within(row).getByLabelText('Price of V5'), { target: { value: '2900' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save V5' }));
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/admin/economy/baselines')).toBe(true),
    );
    expect(row.textContent).not.toContain('will wait');
    // 3,000 to 0.01: the same pay for almost nothing.
    fireEvent.change(within(row).getByLabelText('Price of V5'), { target: { value: '0.01' } });
    expect(
      await within(row).findByText(
        'More than 10 % above the approved terms: this change will wait for a second admin.',
      ),
    ).toBeTruthy();
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Confirm V5' })));
    expect(
      await within(row).findByText('Waiting for a second admin: Package, level 5'),
    ).toBeTruthy();
    expect(within(row).queryByText('Saved')).toBeNull();
  });

  it('lists economy changes waiting for a second admin, each term in plain words, and approves one', async () => {
    const change = CHANGE;
    const api = serve('admin', ({ method, path }) => {
      if (path === '/admin/economy/changes' && method === 'GET') return [change];
      if (path === '/admin/economy/changes/31/approve')
        return { ...change, status: 'approved', decided_by: 100001 };
      return undefined;
    });
    await renderWithApp([{ path: '/admin/economy', element: <EconomyPage /> }], {
      at: '/admin/economy',
    });
    const row = await screen.findByTestId('pending-economy-change');
    expect(row.textContent).toContain('Package, level 2');
    expect(row.textContent).toContain('Proposed by #100000');
    expect(row.textContent).toContain('Awaiting a second approval');
    // Only what changes, in force → proposed, and the approved value it is held against.
    expect(within(row).getByTestId('change-terms').textContent).toBe(
      'Reward per trailer (USDT): 0.88 → 1.6 (approved: 0.8)',
    );
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Approve' })));
    expect(await screen.findByText('Change #31 approved: it is live.')).toBeTruthy();
    expect(
      api.requests.some(
        (r) => r.method === 'POST' && r.path === '/admin/economy/changes/31/approve',
      ),
    ).toBe(true);
  });

  it('lets other staff read the economy without editing it', async () => {
    serve('finance');
    await renderWithApp([{ path: '/admin/economy', element: <EconomyPage /> }], {
      at: '/admin/economy',
    });
    expect(((await screen.findByLabelText('Price of V1')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save V1' })).toBeNull();
  });

  it("adds the period's days up on the dashboard", async () => {
    const day = (d: string, deposits: number) => ({
      day: d,
      deposits,
      card_deposits: 0,
      withdrawals: 1,
      fees: 0.15,
      rewards: 2,
      commissions: 0.2,
      vip_sales: 50,
      new_members: 3,
      active_members: 1,
    });
    serve('finance', ({ path }) =>
      path === '/admin/dashboard'
        ? {
            days: [day('2026-11-21', 10), day('2026-11-22', 5.5)],
            package_sales: [{ day: '2026-11-22', vip_level: 1, count: 2 }],
            solvency: { liabilities: 100, assets: 120, scanner_lag_blocks: 2 },
            queues: [{ name: 'deposits', waiting: 0, active: 0, delayed: 0, failed: 1 }],
          }
        : undefined,
    );
    await renderWithApp([{ path: '/admin', element: <DashboardPage /> }], { at: '/admin' });
    const totals = await screen.findByTestId('dashboard-totals');
    expect(within(totals).getByText('TRON deposits').closest('tr')!.textContent).toContain('15.50');
    expect(within(totals).getByText('New members').closest('tr')!.textContent).toContain('6');
    expect(screen.getByText('V1: 2')).toBeTruthy();
    expect(screen.getByText('0 waiting, 1 failed')).toBeTruthy();
  });

  it('says which settings wait for a second admin after saving, not just "Saved"', async () => {
    const settings = {
      card: '8600 1111 2222 3333',
      main_message: '',
      main_message_ru: '',
      main_message_en: '',
      main_message_uz: '',
      support_url: '',
      media_video: '',
      media_social: '',
      media_microblog: '',
      media_photo: '',
      media_channel: '',
      tutorial_recharge: '',
      tutorial_withdraw: '',
    };
    const cardChange = {
      ...CHANGE,
      target: 'card',
      target_id: null,
      before: { card: settings.card },
      after: { card: '8600 9999 9999 9999' },
      baseline: null,
    };
    const api = serve('admin', (request) => {
      const { method, path } = request;
      if (path === '/admin/trailers') return [];
      if (path === '/admin/banners') return [];
      if (path === '/admin/settings' && method === 'GET') return settings;
      // The rest applies as sent; a new card waits (the card in force is kept).
      if (path === '/admin/settings' && method === 'PUT') {
        const sent = (request as unknown as { body: typeof settings }).body;
        return {
          ...sent,
          card: settings.card,
          pending_changes: sent.card === settings.card ? [] : [cardChange],
        };
      }
      return undefined;
    });
    await renderWithApp([{ path: '/admin/content', element: <ContentPage /> }], {
      at: '/admin/content',
    });
    fireEvent.change(await screen.findByLabelText('Card number for card deposits'), {
      target: { value: '8600 9999 9999 9999' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' })));
    // Only the card changed, and it waits: nothing was saved, and the form says so.
    expect(
      await screen.findByText('Waiting for a second admin: Card for card deposits'),
    ).toBeTruthy();
    expect(screen.queryByText(/Saved/)).toBeNull();
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      card: '8600 9999 9999 9999',
    });
    // With the home strip changed too, that part is saved and the card still waits.
    fireEvent.change(screen.getByLabelText('Card number for card deposits'), {
      target: { value: '8600 9999 9999 9999' },
    });
    fireEvent.change(screen.getByLabelText('Home strip (every language)'), {
      target: { value: 'Hello' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' })));
    expect(
      await screen.findByText('Saved; waiting for a second admin: Card for card deposits'),
    ).toBeTruthy();
  });

  it('adds a trailer written per language, then uploads its poster as multipart', async () => {
    const sent: { path: string; body: unknown }[] = [];
    const api = apiFetch((request) => {
      if (request.path === '/users/me') return { ...MEMBER, role: 'admin' };
      if (request.path === '/admin/trailers' && request.method === 'GET') return [];
      if (request.path === '/admin/settings')
        return {
          card: '',
          main_message: '',
          main_message_ru: '',
          main_message_en: '',
          main_message_uz: '',
        };
      if (request.path === '/admin/trailers' && request.method === 'POST')
        return {
          id: 77,
          title: 'New one',
          description: '',
          image_url: '',
          category: 'new',
          trailer_key: 'abc',
          sort_order: 0,
          published: true,
          created_at: '2026-11-22T00:00:00.000Z',
        };
      if (request.path === '/admin/trailers/77/poster') return { image_url: '/media/x.png' };
      return undefined;
    });
    setFetch(async (input, init) => {
      sent.push({
        path: String(input),
        body: init?.body instanceof FormData ? 'form' : init?.body,
      });
      return api.fetch(input, {
        ...init,
        body: init?.body instanceof FormData ? undefined : init?.body,
      });
    });
    await renderWithApp([{ path: '/admin/content', element: <ContentPage /> }], {
      at: '/admin/content',
    });
    const add = await screen.findByRole('button', { name: 'Add trailer' });
    // Nothing written in any language yet: nothing to save.
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Title (English)'), { target: { value: 'New one' } });
    fireEvent.change(screen.getByLabelText('Description (Uzbek)'), { target: { value: 'Yangi' } });
    fireEvent.change(screen.getByLabelText('Video id'), { target: { value: 'abc' } });
    const poster = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'p.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByLabelText('Poster (JPEG, PNG, WebP)'), {
      target: { files: [poster] },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add trailer' })));
    expect(await screen.findByText('Saved “New one”')).toBeTruthy();
    const create = sent.find((r) => r.path.endsWith('/admin/trailers') && r.body !== undefined)!;
    expect(JSON.parse(create.body as string)).toEqual({
      title_ru: '',
      title_en: 'New one',
      title_uz: '',
      description_ru: '',
      description_en: '',
      description_uz: 'Yangi',
      trailer_key: 'abc',
      category: 'new',
      sort_order: 0,
      published: true,
    });
    expect(sent.find((r) => r.path.endsWith('/admin/trailers/77/poster'))?.body).toBe('form');
  });

  it('plans a campaign with its name in each language members read', async () => {
    const api = serve('admin', ({ method, path }) => {
      if (path === '/admin/campaigns' && method === 'GET') return [];
      if (path === '/admin/campaigns' && method === 'POST')
        return {
          id: 3,
          name: 'Spring',
          name_ru: 'Весна',
          name_en: '',
          name_uz: 'Bahor',
          starts_at: '2030-01-01T00:00:00.000Z',
          ends_at: '2030-02-01T00:00:00.000Z',
          min_vip_level: 1,
          inviter_points: 0,
          member_points: 0,
          hold_days: 0,
          running: false,
          pending_changes: [],
        };
      return undefined;
    });
    await renderWithApp([{ path: '/admin/economy', element: <EconomyPage /> }], {
      at: '/admin/economy',
    });
    const section = await screen.findByRole('region', { name: 'Invitation campaigns' });
    const field = (label: string) => within(section).getByLabelText(label);
    fireEvent.change(await within(section).findByLabelText('Name'), {
      target: { value: 'Spring' },
    });
    fireEvent.change(field('Name (Russian)'), { target: { value: 'Весна' } });
    fireEvent.change(field('Name (Uzbek)'), { target: { value: ' Bahor ' } });
    fireEvent.change(field('Starts (UTC day)'), { target: { value: '2030-01-01' } });
    fireEvent.change(field('Ends (UTC day)'), { target: { value: '2030-02-01' } });
    await act(async () =>
      fireEvent.click(within(section).getByRole('button', { name: 'Plan campaign' })),
    );
    await waitFor(() =>
      expect(
        api.requests.find((r) => r.method === 'POST' && r.path === '/admin/campaigns')?.body,
      ).toMatchObject({ name: 'Spring', name_ru: 'Весна', name_en: '', name_uz: 'Bahor' }),
    );
  });
});
