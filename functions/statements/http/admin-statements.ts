/**
 * HTTP context `admin-statements`: the artists' payout statements of a month, computed on read from the month's one
 * partition of the statements projection (functions/statements/projections/statements.ts) and the contracts; closing a month and
 * setting an artist's contract are commands (functions/statements/domain/commands.ts). Whether an artist exists is read
 * from its stream, not the catalogue view, so an artist created a moment ago already has terms.
 */
import type { MonthStatements } from '../domain/statement.js';
import { DEFAULT_TERMS, termsAt } from '../domain/statement.js';
import { checkedMonth, closingDecider, contractDecider, contractStreamId, statementStreamId } from '../domain/commands.js';
import { notFound } from '../../platform/errors.js';
import { commandContexts, runCommand } from '../../platform/command.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler } from '../../platform/http.js';
import { adminStatementsRoutes } from '../../routes.js';
import { albumKey, artistKey } from '../../catalogue/projections/catalogue.js';
import { loadArtist } from '../../catalogue/index.js';
import { getViews, queryViews } from '../../platform/views.js';
import { STATEMENT_CONTRACTS, contractsFromViews, statementMonthPartition, statementsFromViews } from '../projections/statements.js';

/** This Lambda's commands run on the events table. */
const commandContext = commandContexts(dynamoEventStore);

async function readMonth(month: string, now: Date) {
  const [monthItems, contractItems] = await Promise.all([
    queryViews({ pk: statementMonthPartition(month) }),
    queryViews({ pk: STATEMENT_CONTRACTS }),
  ]);
  const statements = statementsFromViews(month, monthItems, contractItems, now.toISOString());
  return { statements, contracts: contractsFromViews(contractItems) };
}

async function namesOf(keys: { pk: string; sk: string }[], field: string): Promise<Map<string, string>> {
  const items = await getViews(keys);
  return new Map(items.map((i) => [i.pk, i[field] as string]));
}

const artistNames = (statements: MonthStatements) =>
  namesOf(
    statements.artists.map((a) => artistKey(a.artistId)),
    'name',
  );

export const handler = contextHandler(adminStatementsRoutes, authorizer, {
  'GET /api/admin/statements': async ({ query, request }) => {
    const month = checkedMonth(query.month, request.receivedAt);
    const { statements } = await readMonth(month, request.receivedAt);
    const names = await artistNames(statements);
    return {
      month,
      closedAt: statements.closedAt,
      netCents: statements.netCents,
      labelCents: statements.labelCents,
      labelOnly: { membershipCents: statements.labelOnly.membershipCents, merchCents: statements.labelOnly.merchCents },
      artists: statements.artists.map((a) => ({
        artistId: a.artistId,
        name: names.get(artistKey(a.artistId).pk) ?? null,
        netCents: a.netCents,
        labelCents: a.labelCents,
        artistCents: a.artistCents,
      })),
    };
  },

  'GET /api/admin/statements/{artistId}/{month}': async ({ params, request }) => {
    const month = checkedMonth(params.month, request.receivedAt);
    const [artist, { statements, contracts }] = await Promise.all([
      loadArtist(params.artistId, dynamoEventStore),
      readMonth(month, request.receivedAt),
    ]);
    if (!artist.exists) throw notFound('artist_not_found', `No artist ${params.artistId}`);
    const statement = statements.artists.find((a) => a.artistId === params.artistId);
    const lines = statement?.lines ?? [];
    const titles = await namesOf(
      lines.flatMap((l) => (l.albumId ? [albumKey(l.albumId)] : [])),
      'title',
    );
    return {
      month,
      closedAt: statements.closedAt,
      artistId: params.artistId,
      name: artist.details.name,
      terms: termsAt(contracts, params.artistId, statements.closedAt ?? request.receivedAt.toISOString()),
      lines: lines.map((l) => ({ ...l, albumTitle: l.albumId ? (titles.get(albumKey(l.albumId).pk) ?? null) : null })),
      netCents: statement?.netCents ?? 0,
      labelCents: statement?.labelCents ?? 0,
      artistCents: statement?.artistCents ?? 0,
    };
  },

  'POST /api/admin/statements/closings': async ({ body, session, request }) => {
    const { state } = await runCommand(
      statementStreamId(body.month),
      closingDecider,
      { month: body.month, now: request.receivedAt },
      commandContext(session, request),
    );
    return { month: body.month, closedAt: state.closedAt ?? request.receivedAt.toISOString() };
  },

  'GET /api/admin/contracts/{artistId}': async ({ params }) => {
    const [artist, items] = await Promise.all([
      loadArtist(params.artistId, dynamoEventStore),
      queryViews({ pk: STATEMENT_CONTRACTS }, { skPrefix: `${params.artistId}#` }),
    ]);
    if (!artist.exists) throw notFound('artist_not_found', `No artist ${params.artistId}`);
    // The prefix `<artistId>#` also matches an artist whose id starts with this one's and a '#': the filter keeps this one's.
    const history = contractsFromViews(items)
      .filter((c) => c.artistId === params.artistId)
      .sort((a, b) => b.at.localeCompare(a.at))
      .map(({ at, terms }) => ({ at, terms }));
    return { artistId: params.artistId, terms: history[0]?.terms ?? DEFAULT_TERMS, isDefault: history.length === 0, history };
  },

  'PUT /api/admin/contracts/{artistId}': async ({ params, body, session, request }) => {
    if (!(await loadArtist(params.artistId, dynamoEventStore)).exists) throw notFound('artist_not_found', `No artist ${params.artistId}`);
    const { state } = await runCommand(
      contractStreamId(params.artistId),
      contractDecider,
      { artistId: params.artistId, terms: body },
      commandContext(session, request),
    );
    return { artistId: params.artistId, terms: state ?? body };
  },
});
