import { PhotoApi } from '@phonecloud/shared';
import {
  PhotoAlbumCoverBody,
  PhotoAlbumCreateBody,
  PhotoAlbumIdBody,
  PhotoAlbumItemsBody,
  PhotoAlbumRenameBody,
  PhotoBinListBody,
  PhotoEmptyBody,
  PhotoFavouriteBody,
  PhotoFilterBody,
  PhotoIdBody,
  PhotoIdsBody,
  PhotoPlacesBody,
  PhotoSettingsBody,
  PhotoTimelineBody,
  PhotoZipBody,
} from '@phonecloud/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../http/context.js';
import { ok } from '../../http/envelope.js';
import { currentSession, verifiedRoute } from '../../http/guards.js';
import type { ZodSchemas } from '../../http/route-schemas.js';
import { Albums } from './albums.js';
import { PhotosService } from './service.js';
import { PhotoZips } from './zip.js';

const uid = (req: FastifyRequest) => currentSession(req).userId;

/** The timeline, the map, one photo, favourites, the bin and the zip's link: session and the second verification ('main'). */
export async function photoRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const photos = new PhotosService(deps);
  const zips = new PhotoZips(deps);
  const guard = verifiedRoute(deps, 'main');

  app.post(PhotoApi.timeline, { ...guard, schema: { body: PhotoTimelineBody } }, async (req) =>
    ok(await photos.timeline(uid(req), req.body)),
  );
  app.post(PhotoApi.months, { ...guard, schema: { body: PhotoFilterBody } }, async (req) =>
    ok({ months: await photos.months(uid(req), req.body) }),
  );
  app.post(PhotoApi.places, { ...guard, schema: { body: PhotoPlacesBody } }, async (req) => {
    const { cell, ...filters } = req.body;
    return ok({ places: await photos.places(uid(req), filters, cell) });
  });
  app.post(PhotoApi.zipUrl, { ...guard, schema: { body: PhotoZipBody } }, async (req) =>
    ok(await zips.link(uid(req), req.body.ids)),
  );
  app.post(PhotoApi.detail, { ...guard, schema: { body: PhotoIdBody } }, async (req) =>
    ok(await photos.detail(uid(req), req.body.id)),
  );
  app.post(PhotoApi.favourite, { ...guard, schema: { body: PhotoFavouriteBody } }, async (req) =>
    ok(await photos.favourite(uid(req), req.body.ids, req.body.favourite)),
  );
  app.post(PhotoApi.delete, { ...guard, schema: { body: PhotoIdsBody } }, async (req) =>
    ok(await photos.trash(uid(req), req.body.ids)),
  );
  app.post(PhotoApi.binList, { ...guard, schema: { body: PhotoBinListBody } }, async (req) =>
    ok(await photos.binList(uid(req), req.body.cursor, req.body.limit)),
  );
  app.post(PhotoApi.binRecover, { ...guard, schema: { body: PhotoIdsBody } }, async (req) =>
    ok(await photos.recover(uid(req), req.body.ids)),
  );
  app.post(PhotoApi.binDelete, { ...guard, schema: { body: PhotoIdsBody } }, async (req) =>
    ok(await photos.purge(uid(req), req.body.ids)),
  );
  app.post(PhotoApi.binEmpty, { ...guard, schema: { body: PhotoEmptyBody } }, async (req) =>
    ok(await photos.purge(uid(req), null)),
  );
  app.post(PhotoApi.settings, { ...guard, schema: { body: PhotoEmptyBody } }, async (req) =>
    ok(await photos.settings(uid(req))),
  );
  app.post(PhotoApi.settingsSave, { ...guard, schema: { body: PhotoSettingsBody } }, async (req) =>
    ok(await photos.saveSettings(uid(req), req.body)),
  );
  albumRoutes(scope, deps);
}

/** Albums: create, rename, delete, add, remove, cover. */
function albumRoutes(scope: FastifyInstance, deps: AppDeps) {
  const app = scope.withTypeProvider<ZodSchemas>();
  const albums = new Albums(deps);
  const guard = verifiedRoute(deps, 'main');
  app.post(PhotoApi.albumList, { ...guard, schema: { body: PhotoEmptyBody } }, async (req) =>
    ok({ albums: await albums.list(uid(req)) }),
  );
  app.post(PhotoApi.albumCreate, { ...guard, schema: { body: PhotoAlbumCreateBody } }, async (req) =>
    ok(await albums.create(uid(req), req.body.name)),
  );
  app.post(PhotoApi.albumRename, { ...guard, schema: { body: PhotoAlbumRenameBody } }, async (req) =>
    ok(await albums.rename(uid(req), req.body.album_id, req.body.name)),
  );
  app.post(PhotoApi.albumDelete, { ...guard, schema: { body: PhotoAlbumIdBody } }, async (req) =>
    ok(await albums.remove(uid(req), req.body.album_id)),
  );
  app.post(PhotoApi.albumAdd, { ...guard, schema: { body: PhotoAlbumItemsBody } }, async (req) =>
    ok(await albums.add(uid(req), req.body.album_id, req.body.ids)),
  );
  app.post(PhotoApi.albumRemove, { ...guard, schema: { body: PhotoAlbumItemsBody } }, async (req) =>
    ok(await albums.removeItems(uid(req), req.body.album_id, req.body.ids)),
  );
  app.post(PhotoApi.albumCover, { ...guard, schema: { body: PhotoAlbumCoverBody } }, async (req) =>
    ok(await albums.cover(uid(req), req.body.album_id, req.body.photo_id)),
  );
}
