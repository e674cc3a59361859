import { expect } from 'vitest';
import { objectKeys, type ObjectStore } from '../src/server/storage/object-store.ts';
import { findArtwork, pinArtwork, uploadPhoto, type Player, type Spot } from './app.ts';
import { forumRequests } from './forum.ts';

/**
 * Gives a player one of each thing the service keeps for them: a pinned artwork (a discovery,
 * its photo and a first find), a find of another player's artwork when given, a marker, a gallery piece,
 * a profile picture, a forum post and a reply to `othersPost`, and a like of it.
 */
export async function givePlayerData(
  player: Player,
  at: Spot,
  others: { artwork?: { id: string; at: Spot }; postId?: string } = {},
) {
  const artworkId = await pinArtwork(player, at);
  if (others.artwork) {
    const { id, at: there } = others.artwork;
    await findArtwork(player, id, {
      latitude: there.latitude + 0.0001,
      longitude: there.longitude,
    });
  }
  const marker = await player.request({
    method: 'POST',
    url: '/api/markers',
    payload: { ...at, label: 'Come back at night' },
  });
  expect(marker.statusCode).toBe(201);
  const galleryPhoto = await uploadPhoto(player, 'gallery');
  const gallery = await player.request({
    method: 'POST',
    url: '/api/profile/art',
    payload: { imageUrl: galleryPhoto, title: 'My tag', artType: 'graffiti' },
  });
  expect(gallery.statusCode).toBe(201);
  const picture = await uploadPhoto(player, 'profile');
  const setPicture = await player.request({
    method: 'PUT',
    url: '/api/profile/picture',
    payload: { imageUrl: picture },
  });
  expect(setPicture.statusCode).toBe(200);
  const post = await forumRequests.newPost(player, {
    title: `${player.username} asks`,
    content: 'Who painted the koala?',
  });
  let replyId: string | null = null;
  if (others.postId) {
    replyId = (await forumRequests.newPost(player, { parentId: others.postId, content: 'Me!' })).id;
    expect((await forumRequests.like(player, others.postId)).statusCode).toBe(200);
  }
  return { artworkId, postId: post.id, replyId };
}

/** The object ids behind `/objects/<id>` URLs. */
export const objectIdOf = (url: string) => url.split('/').pop()!;

/** The keys of an upload (raw bytes, photo, thumbnail) that still hold bytes in the store. */
export async function storedFilesOf(store: ObjectStore, objectURL: string): Promise<string[]> {
  const id = objectIdOf(objectURL);
  const keys = [objectKeys.staging(id), objectKeys.display(id), objectKeys.thumb(id)];
  const found = await Promise.all(keys.map((key) => store.get(key)));
  for (const stream of found) stream?.destroy();
  return keys.filter((_key, i) => found[i] !== null);
}
