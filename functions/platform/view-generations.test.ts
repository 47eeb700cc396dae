import { describe, expect, it } from 'vitest';
import { consumers } from '../consumers.js';
import { albumKey, ALBUMS_INDEX } from '../catalogue/projections/catalogue.js';
import { libraryAlbumKey } from '../library/projections/library.js';
import { releaseCountPartition } from '../catalogue/projections/admin-releases.js';
import { albumStatsKey } from '../listening/projections/stats.js';
import { checkpointKey } from './views.js';
import { logicalItem, ownerOf, partitionOwners, physicalItem, physicalOp } from './view-generations.js';

describe('view generations', () => {
  it('names an owner for every projector, and the owner of each partition by its longest prefix', () => {
    expect(Object.keys(partitionOwners).sort()).toEqual(
      consumers
        .filter((c) => c.kind === 'projector')
        .map((c) => c.name)
        .sort(),
    );
    expect(ownerOf(albumKey('a1').pk)).toBe('catalogue');
    expect(ownerOf(ALBUMS_INDEX)).toBe('catalogue');
    expect(ownerOf(albumStatsKey('a1').pk)).toBe('rollups');
    expect(ownerOf(releaseCountPartition('artist-1'))).toBe('admin-releases');
    expect(ownerOf(checkpointKey('library', 'plays#u1').pk)).toBe('library');
    expect(ownerOf('ops-minute#library')).toBeUndefined();
    expect(ownerOf('searchlight')).toBeUndefined();
  });

  it('stores a projection at a generation under a prefix, readers get the logical item back', () => {
    const item = { ...libraryAlbumKey('u1', 'a1'), gsi1pk: 'recent#u1', title: 'x' };
    const stored = physicalItem(item, { library: 2 });
    expect(stored).toEqual({ ...item, pk: '~g2~library#u1', gsi1pk: '~g2~recent#u1' });
    expect(logicalItem(stored)).toEqual(item);
    // Generation 0 and other projections' generations leave it as it was.
    expect(physicalItem(item, { library: 0, catalogue: 3 })).toEqual(item);
  });

  it('prefixes an update that moves an item into an index', () => {
    const op = physicalOp({ kind: 'update', key: albumKey('a1'), set: { gsi1pk: ALBUMS_INDEX, title: 't' } }, { catalogue: 1 });
    expect(op).toEqual({ kind: 'update', key: { pk: '~g1~album#a1', sk: 'album' }, set: { gsi1pk: '~g1~albums', title: 't' } });
  });
});
