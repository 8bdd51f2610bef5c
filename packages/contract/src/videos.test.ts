import { describe, expect, test } from 'vitest';
import { VIDEO_MSG, addPointBody, isDirectVideoFile, parseCentiminutes, videoBody, youTubeEmbed, youTubeId, youTubeThumbnail } from './videos.js';

const ID = 'dQw4w9WgXcQ';

describe('youTubeId', () => {
  test.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&t=42s`,
    `http://m.youtube.com/watch?feature=share&v=${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/embed/${ID}?autoplay=1`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/live/${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc`,
    `  https://youtu.be/${ID}  `,
  ])('%s → the id', (link) => {
    expect(youTubeId(link)).toBe(ID);
  });

  test.each([
    `javascript:alert(1)//youtu.be/${ID}`,
    `ftp://youtu.be/${ID}`,
    `https://evil.example/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/watch?v=${ID}x`,
    'https://www.youtube.com/@channel',
    `https://www.youtube.com/playlist?list=${ID}`,
    'not a url',
    '',
    null,
    42,
  ])('%s → null', (link) => {
    expect(youTubeId(link)).toBeNull();
  });

  test('thumbnail and embed addresses', () => {
    expect(youTubeThumbnail(ID)).toBe(`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
    expect(youTubeEmbed(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&mute=1`);
  });
});

test('isDirectVideoFile', () => {
  expect(isDirectVideoFile('https://cdn.example.com/a/b/clip.mp4')).toBe(true);
  expect(isDirectVideoFile('http://cdn.example.com/clip.WEBM?token=1')).toBe(true);
  expect(isDirectVideoFile('https://cdn.example.com/clip.mp4/page')).toBe(false);
  expect(isDirectVideoFile('https://cdn.example.com/clip.exe')).toBe(false);
  expect(isDirectVideoFile('file:///etc/clip.mp4')).toBe(false);
});

test('parseCentiminutes', () => {
  expect(parseCentiminutes(0.01)).toBe(1);
  expect(parseCentiminutes('2.5')).toBe(250);
  expect(parseCentiminutes(600)).toBe(60000);
  expect(parseCentiminutes(0.29)).toBe(29);
  for (const bad of [0, -1, 600.01, 601, 0.001, '1e2', 'abc', '', null, Infinity, NaN]) expect(parseCentiminutes(bad)).toBeNull();
});

describe('videoBody', () => {
  const link = `https://youtu.be/${ID}`;
  const message = (body: unknown) => videoBody.safeParse(body).error?.issues[0]?.message;

  test('parses numbers and decimal strings into cents and centiminutes', () => {
    expect(videoBody.parse({ link, point: '12.50', time: 1.25, extra: true })).toEqual({ link, point: 1250, time: 125 });
  });

  test('messages', () => {
    expect(message({})).toBe(VIDEO_MSG.fillAll);
    expect(message({ link, point: 1 })).toBe(VIDEO_MSG.fillAll);
    expect(message({ link: ' ', point: 1, time: 1 })).toBe(VIDEO_MSG.fillAll);
    expect(message(null)).toBe(VIDEO_MSG.fillAll);
    expect(message({ link: 'javascript:alert(1)', point: 1, time: 1 })).toBe(VIDEO_MSG.linkScheme);
    expect(message({ link: 'ftp://x', point: 1, time: 1 })).toBe(VIDEO_MSG.linkScheme);
    expect(message({ link: 'https://user:pw@cdn.example.com/a.mp4', point: 1, time: 1 })).toBe(VIDEO_MSG.linkKind);
    expect(message({ link: `https://x.example/${'a'.repeat(2050)}.mp4`, point: 1, time: 1 })).toBe(VIDEO_MSG.linkTooLong);
    expect(message({ link, point: 0, time: 1 })).toBe(VIDEO_MSG.pointPositive);
    expect(message({ link, point: '-3', time: 1 })).toBe(VIDEO_MSG.pointPositive);
    expect(message({ link, point: 1.005, time: 1 })).toBe(VIDEO_MSG.pointFormat);
    expect(message({ link, point: 2_000_000, time: 1 })).toBe(VIDEO_MSG.pointFormat);
    expect(message({ link, point: 1, time: 0 })).toBe(VIDEO_MSG.timeRange);
    expect(message({ link, point: 1, time: 601 })).toBe(VIDEO_MSG.timeRange);
    expect(message({ link, point: 1, time: 0.005 })).toBe(VIDEO_MSG.timeFormat);
    expect(message({ link, point: 1, time: 'soon' })).toBe(VIDEO_MSG.timeFormat);
  });
});

test('addPointBody keeps only videoId', () => {
  expect(addPointBody.parse({ videoId: ' abc ', point: 1000 })).toEqual({ videoId: 'abc' });
  expect(addPointBody.safeParse({ point: 1 }).error?.issues[0]?.message).toBe(VIDEO_MSG.fillAll);
  expect(addPointBody.safeParse(undefined).error?.issues[0]?.message).toBe(VIDEO_MSG.fillAll);
});
