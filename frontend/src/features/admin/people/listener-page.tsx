/**
 * One listener as the label's staff see them: profile, tier and membership history, purchases (each refundable
 * after a confirmation, refunded ones marked), library size, plays and recent sign-ins, and their history; and what
 * an admin can do to the account: a complimentary Toko+ until a chosen end, the admin role and what it may do (an
 * owner's act), blocking. Purchases and refunds show to admins who handle money. The server decides what is allowed
 * (never oneself, never the last owner): its refusal is shown as it words it.
 */
import { useQuery } from '@tanstack/react-query';
import { Activity, ArrowLeft, Banknote, Crown, Disc3, Receipt, Users, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { fieldErrorsOf, HttpError, serverMessageOf } from '../../../lib/http';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useSession, type AdminPermission } from '../../../lib/session';
import { CheckboxCard } from '../../../ui/checkbox-card';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Section } from '../../../ui/section';
import { Spinner } from '../../../ui/spinner';
import { ErrorState } from '../../../ui/status-message';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import {
  useBlock,
  useChangeRole,
  useGrantComplimentary,
  useRevokeComplimentary,
  useUnblock,
  userPageQueryOptions,
  type AdminUser,
  type UserPage,
  adminPermissions,
} from '../api/admin-people';
import { purchasesPage, salesKeys, type AdminPurchase, type OrderRefund } from '../api/admin-sales';
import { HistoryPanel } from '../history/history-panel';
import { DataTable, type Column } from '../table/data-table';
import { useCursorPages } from '../table/use-cursor-pages';
import { RefundOrderDialog } from '../sales/refund-order-dialog';
import { formText } from '../components/form-text';
import { ConfirmDialog } from './confirm-dialog';
import { defaultEnd, localInputToIso, tierLabel, toLocalInput, withRefunds, type RefundState } from './people-view';

export function ListenerPage() {
  const { userId = '' } = useParams();
  const page = useQuery(userPageQueryOptions(userId));
  const { adminMay } = useSession();
  if (page.isPending) return <Spinner label="Loading the listener…" className="py-16" />;
  if (page.isError)
    return (
      <div className="space-y-4">
        <BackLink />
        <ErrorState title="Could not load this listener" error={page.error} onRetry={() => void page.refetch()} />
      </div>
    );
  const { user } = page.data;
  return (
    <article className="space-y-8" aria-labelledby="listener-name" data-testid="listener-page">
      <div className="space-y-3">
        <BackLink />
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="listener-name" className="break-all text-2xl font-extrabold text-zinc-50">
            {user.displayName ?? user.email}
          </h1>
          <Badge tone={user.tier === 'toko_plus' ? 'accent' : 'neutral'}>{tierLabel(user.tier, user.subscriptionSource)}</Badge>
          {user.role === 'admin' && <Badge tone="accent">Admin</Badge>}
          {user.blocked && <Badge>Blocked</Badge>}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Profile page={page.data} />
        <Actions user={user} />
      </div>
      <MembershipHistory page={page.data} />
      {adminMay('money') && <Purchases userId={user.id} />}
      <SignIns page={page.data} />
      <HistoryPanel kind="user" id={user.id} />
    </article>
  );
}

function BackLink() {
  return (
    <Link to="/admin/people" className="inline-flex items-center gap-1 text-sm text-zinc-300 hover:text-zinc-50">
      <ArrowLeft aria-hidden="true" className="size-4" />
      All people
    </Link>
  );
}

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Section title={title} size="lg" className="space-y-4 rounded-2xl border border-white/10 bg-zinc-900 p-5" testId={testId}>
      {children}
    </Section>
  );
}

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

function Profile({ page }: { page: UserPage }) {
  const { user } = page;
  const facts: Array<[string, ReactNode]> = [
    ['E-mail', `${user.email}${user.emailVerified ? '' : ' (not verified)'}`],
    ['Username', user.username ?? '—'],
    ['Joined', when(user.createdAt)],
    ['Tier', tierLabel(user.tier, user.subscriptionSource)],
    ['Membership', user.subscriptionStatus ? `${user.subscriptionStatus}, since ${when(user.subscriptionStartedAt)}` : '—'],
    ['Membership ends', when(user.subscriptionExpiresAt)],
    ['Library', `${page.librarySize} ${page.librarySize === 1 ? 'album' : 'albums'}`],
    ['Plays', String(page.plays)],
    ['Sign-ins', `${user.signInCount}, last ${when(user.lastSignInAt)}`],
    ...(user.role === 'admin'
      ? [
          ['Authenticator app', user.totpEnrolled ? 'Set up' : 'Not set up yet'] as [string, ReactNode],
          ['May', user.permissions.map((p) => permissionLabels[p].title).join(', ')] as [string, ReactNode],
        ]
      : []),
  ];
  return (
    <Card title="Profile" testId="listener-profile">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-zinc-400">{term}</dt>
            <dd className="break-all text-zinc-100">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

type Open = 'grant' | 'revoke' | 'role' | 'dismiss' | 'block' | 'unblock' | null;

function Actions({ user }: { user: AdminUser }) {
  const { user: me, adminMay } = useSession();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const complimentary = user.tier === 'toko_plus' && user.subscriptionSource === 'complimentary';
  const self = me?.id === user.id;
  return (
    <Card title="Actions" testId="listener-actions">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setOpen('grant')} data-testid="grant-complimentary">
          {complimentary ? 'Change complimentary Toko+' : 'Grant complimentary Toko+'}
        </Button>
        {complimentary && (
          <Button variant="secondary" onClick={() => setOpen('revoke')} data-testid="revoke-complimentary">
            Revoke complimentary Toko+
          </Button>
        )}
        {adminMay('owner') && (
          <Button variant="secondary" onClick={() => setOpen('role')} data-testid="change-role">
            {user.role === 'admin' ? 'Change permissions' : 'Make admin'}
          </Button>
        )}
        {adminMay('owner') && user.role === 'admin' && (
          <Button variant="secondary" onClick={() => setOpen('dismiss')} data-testid="revoke-admin">
            Revoke admin
          </Button>
        )}
        {user.blocked ? (
          <Button variant="secondary" onClick={() => setOpen('unblock')} data-testid="unblock">
            Unblock
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setOpen('block')} data-testid="block">
            Block
          </Button>
        )}
      </div>
      <p className="text-sm text-zinc-400">
        {self
          ? 'This is your own account: the server refuses to revoke your admin role or block you.'
          : 'Every action is recorded in the history below, with you as the one who did it.'}
      </p>
      {open === 'grant' && <GrantDialog user={user} onClose={close} />}
      {open === 'revoke' && <RevokeDialog user={user} onClose={close} />}
      {open === 'role' && <PermissionsDialog user={user} onClose={close} />}
      {open === 'dismiss' && <DismissDialog user={user} onClose={close} />}
      {open === 'block' && <BlockDialog user={user} onClose={close} />}
      {open === 'unblock' && <UnblockDialog user={user} onClose={close} />}
    </Card>
  );
}

const done = (onClose: () => void) => ({
  onSuccess: ({ message }: { message: string }) => {
    toast({ title: message, variant: 'success' });
    onClose();
  },
  onError: (error: unknown) => toast({ title: 'Not done', description: serverMessageOf(error) ?? undefined, variant: 'destructive' }),
});

const name = (user: AdminUser) => user.displayName ?? user.email;

function GrantDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const grant = useGrantComplimentary(user.id);
  // The end date is the one field: a refusal of it (invalid, in the past) is shown beside it.
  const endError =
    fieldErrorsOf(grant.error).endsAt ??
    (grant.error instanceof HttpError && grant.error.status === 400 ? serverMessageOf(grant.error) : null);
  return (
    <ConfirmDialog
      title={`Complimentary Toko+ for ${name(user)}`}
      description="Toko+ at no charge until the end you choose; then the account is free again. Stripe is not involved."
      confirmLabel="Grant Toko+"
      pending={grant.isPending}
      error={grant.error}
      showError={!endError}
      onConfirm={(form) => grant.mutate(localInputToIso(formText(form, 'endsAt')), done(onClose))}
      onClose={onClose}
      testId="grant-form"
    >
      <TextField
        label="Ends at"
        name="endsAt"
        type="datetime-local"
        defaultValue={toLocalInput(
          user.subscriptionSource === 'complimentary' && user.subscriptionExpiresAt
            ? new Date(user.subscriptionExpiresAt)
            : defaultEnd(new Date()),
        )}
        min={toLocalInput(new Date())}
        error={endError}
        required
      />
    </ConfirmDialog>
  );
}

function RevokeDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const revoke = useRevokeComplimentary(user.id);
  return (
    <ConfirmDialog
      title={`Revoke ${name(user)}’s complimentary Toko+?`}
      description="The account is free from now on; Toko+ content is locked again at once."
      confirmLabel="Revoke Toko+"
      pending={revoke.isPending}
      error={revoke.error}
      onConfirm={() => revoke.mutate(undefined, done(onClose))}
      onClose={onClose}
    />
  );
}

/** What each permission lets an admin do, in the order the panel lists them. */
const permissionLabels: Record<AdminPermission, { title: string; description: string; icon: LucideIcon }> = {
  catalogue: { title: 'Catalogue', description: 'Releases, artists and videos', icon: Disc3 },
  people: { title: 'People', description: 'Listeners’ accounts, memberships, blocking, fan signups', icon: Users },
  money: { title: 'Money', description: 'Purchases and refunds, statements and contracts', icon: Banknote },
  operations: { title: 'Operations', description: 'The sync manager: redrives, rebuilds, heals', icon: Activity },
  owner: { title: 'Owner', description: 'Everything, and who may do what', icon: Crown },
};

function PermissionsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const change = useChangeRole(user.id);
  const makeAdmin = user.role !== 'admin';
  const [chosen, setChosen] = useState<AdminPermission[]>(makeAdmin ? [] : user.permissions);
  const toggle = (permission: AdminPermission, on: boolean) =>
    setChosen((current) => (on ? [...current, permission] : current.filter((p) => p !== permission)));
  const permissionsError = fieldErrorsOf(change.error).permissions;
  return (
    <ConfirmDialog
      title={makeAdmin ? `Make ${name(user)} an admin?` : `What may ${name(user)} do?`}
      description={
        makeAdmin
          ? 'Choose what they may do. They sign in to the panel with their password and an authenticator app, which they set up on their next sign-in.'
          : 'The panel shows them only what they may do, from their next request on.'
      }
      confirmLabel={makeAdmin ? 'Make admin' : 'Save permissions'}
      pending={change.isPending}
      error={change.error}
      showError={!permissionsError}
      onConfirm={() => change.mutate({ role: 'admin', permissions: chosen }, done(onClose))}
      onClose={onClose}
      testId="role-form"
    >
      <fieldset className="space-y-2">
        <legend className="sr-only">Permissions</legend>
        {adminPermissions.map((permission) => {
          const { title, description, icon } = permissionLabels[permission];
          return (
            <CheckboxCard
              key={permission}
              name="permissions"
              checked={chosen.includes(permission)}
              onChange={(on) => toggle(permission, on)}
              icon={icon}
              title={title}
              description={description}
              testId={`permission-${permission}`}
            />
          );
        })}
        {permissionsError && (
          <p role="alert" className="text-sm text-red-300">
            {permissionsError}
          </p>
        )}
      </fieldset>
    </ConfirmDialog>
  );
}

function DismissDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const change = useChangeRole(user.id);
  return (
    <ConfirmDialog
      title={`Revoke ${name(user)}’s admin role?`}
      description="They keep their listener account; the panel closes to them at once."
      confirmLabel="Revoke admin"
      pending={change.isPending}
      error={change.error}
      onConfirm={() => change.mutate({ role: 'user' }, done(onClose))}
      onClose={onClose}
      testId="dismiss-form"
    />
  );
}

function BlockDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const block = useBlock(user.id);
  const reasonError = fieldErrorsOf(block.error).reason;
  return (
    <ConfirmDialog
      title={`Block ${name(user)}?`}
      description="Every session of the account ends at once, and signing in is refused until it is unblocked."
      confirmLabel="Block account"
      pending={block.isPending}
      error={block.error}
      showError={!reasonError}
      onConfirm={(form) => block.mutate(formText(form, 'reason') || null, done(onClose))}
      onClose={onClose}
      testId="block-form"
    >
      <TextField label="Reason (for the history, optional)" name="reason" maxLength={500} error={reasonError} />
    </ConfirmDialog>
  );
}

function UnblockDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const unblock = useUnblock(user.id);
  return (
    <ConfirmDialog
      title={`Unblock ${name(user)}?`}
      description="They can sign in again. Sessions ended by the block stay ended."
      confirmLabel="Unblock"
      pending={unblock.isPending}
      error={unblock.error}
      onConfirm={() => unblock.mutate(undefined, done(onClose))}
      onClose={onClose}
      testId="unblock-form"
    />
  );
}

function MembershipHistory({ page }: { page: UserPage }) {
  type Change = UserPage['membershipHistory'][number];
  const columns: Column<Change>[] = [
    { key: 'at', header: 'When', cell: (change) => when(change.at) },
    { key: 'tier', header: 'Tier', cell: (change) => tierLabel(change.tier, change.tier === 'toko_plus' ? change.source : null) },
    { key: 'status', header: 'Status', cell: (change) => change.status },
    { key: 'ends', header: 'Ends', cell: (change) => when(change.expiresAt) },
    { key: 'by', header: 'By', cell: (change) => change.actorName },
  ];
  return (
    <Card title="Membership history">
      <DataTable
        caption="Membership history"
        testId="membership-history"
        columns={columns}
        // Newest first, as the other lists of the page read.
        rows={[...page.membershipHistory].reverse()}
        rowKey={(change) => `${change.at}-${change.status}-${change.tier}`}
        empty={{ icon: Receipt, title: 'Never had Toko+' }}
      />
    </Card>
  );
}

const refundLabels: Record<RefundState, string> = { refund_requested: 'Refund requested', refunded: 'Refunded' };

function Purchases({ userId }: { userId: string }) {
  const pages = useCursorPages<AdminPurchase>(salesKeys.purchases(userId), (cursor, signal) => purchasesPage(userId, cursor, signal));
  const [refunds, setRefunds] = useState<OrderRefund[]>([]);
  const [refunded, setRefunded] = useState<AdminPurchase[]>([]);
  const [asking, setAsking] = useState<AdminPurchase | null>(null);
  const rows = withRefunds(pages.rows, refunded, refunds);

  const columns: Column<(typeof rows)[number]>[] = [
    {
      key: 'title',
      header: 'Album',
      cell: (row) => (
        <span>
          <span className="font-semibold text-zinc-50">{row.title}</span>
          {row.artistName && <span className="block text-xs text-zinc-400">{row.artistName}</span>}
        </span>
      ),
    },
    { key: 'date', header: 'Bought', cell: (row) => when(row.purchaseDate) },
    { key: 'price', header: 'Paid', numeric: true, cell: (row) => formatMoney(row.purchasePrice) },
    { key: 'order', header: 'Order', cell: (row) => <span className="font-mono text-xs">{row.orderId}</span> },
    {
      key: 'refund',
      header: 'Refund',
      cell: (row) =>
        row.refund ? (
          <Badge tone={row.refund === 'refunded' ? 'neutral' : 'accent'}>{refundLabels[row.refund]}</Badge>
        ) : (
          <Button variant="ghost" className="px-2 py-1.5" onClick={() => setAsking(row)} aria-label={`Refund ${row.title}`}>
            Refund
          </Button>
        ),
    },
  ];

  const onRefunded = (refund: OrderRefund) => {
    setRefunds((current) => [...current.filter((r) => r.orderId !== refund.orderId), refund]);
    setRefunded((current) => [...current, ...pages.rows.filter((row) => row.orderId === refund.orderId)]);
  };

  return (
    <Card title="Purchases" testId="listener-purchases">
      <DataTable
        caption="Purchases"
        testId="purchases-table"
        columns={columns}
        rows={rows}
        source={pages}
        empty={{ icon: Receipt, title: 'No purchases' }}
        hasMore={pages.hasMore}
        loadingMore={pages.loadingMore}
        onLoadMore={pages.loadMore}
      />
      {asking && (
        <RefundOrderDialog
          orderId={asking.orderId}
          buyerId={userId}
          description={`Stripe pays the whole order back, “${asking.title}” included. The albums leave the listener’s purchases and downloads, their download links stop working, and they get an e-mail.`}
          onRefunded={onRefunded}
          onClose={() => setAsking(null)}
        />
      )}
    </Card>
  );
}

function SignIns({ page }: { page: UserPage }) {
  type SignIn = UserPage['recentSignIns'][number];
  const methods: Record<string, string> = { email_code: 'E-mail code', password: 'Password', magic_link: 'E-mail link' };
  const columns: Column<SignIn>[] = [
    { key: 'at', header: 'When', cell: (signIn) => when(signIn.at) },
    { key: 'method', header: 'How', cell: (signIn) => methods[signIn.method] ?? signIn.method },
    { key: 'factor', header: 'Second factor', cell: (signIn) => signIn.secondFactor ?? '—' },
  ];
  return (
    <Card title="Recent sign-ins">
      <DataTable
        caption="Recent sign-ins"
        testId="recent-sign-ins"
        columns={columns}
        rows={page.recentSignIns}
        rowKey={(signIn) => `${signIn.at}-${signIn.method}`}
        empty={{ icon: Receipt, title: 'No sign-ins yet' }}
      />
    </Card>
  );
}
