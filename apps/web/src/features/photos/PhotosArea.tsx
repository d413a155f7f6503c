import './photos.css';
import { SearchOutlined } from '@ant-design/icons';
import type { PhotoFilter } from '@phonecloud/shared/api';
import { Skeleton } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router-dom';
import { ConfirmHolder } from '../../components/confirm';
import { Timeline } from './timeline/Timeline';

const EVERYTHING: PhotoFilter = {};
const FAVOURITES: PhotoFilter = { favourite: true };

/** The area's sections, in the order of its navigation (one line each). */
const SECTIONS = [
  { to: '/photo/index', label: '时间线' },
  { to: '/photo/albums', label: '相册' },
  { to: '/photo/favourites', label: '收藏' },
  { to: '/photo/map', label: '地图' },
  { to: '/photo/bin', label: '最近删除' },
  { to: '/photo/settings', label: '设置' },
];

function PhotoNav() {
  return (
    <nav className="photo-nav" aria-label="相册导航">
      {SECTIONS.map((s) => (
        <NavLink key={s.to} to={s.to} className="photo-nav__link">
          {s.label}
        </NavLink>
      ))}
      <NavLink to="/photo/search" className="photo-nav__link photo-nav__search" aria-label="搜索">
        <SearchOutlined /> <span className="photo-nav__search-text">搜索</span>
      </NavLink>
    </nav>
  );
}

/**
 * The sections other than the timelines, each its own chunk: the timeline a page opens on needs
 * none of their dialogs and forms, and thirty files to fetch six at a time were half its first
 * second. They are fetched once the page is idle, so moving to one rarely waits.
 */
const loadSections = {
  albums: () => import('./albums/AlbumsPage').then((m) => ({ default: m.AlbumsPage })),
  album: () => import('./albums/AlbumPage').then((m) => ({ default: m.AlbumPage })),
  bin: () => import('./bin/BinPage').then((m) => ({ default: m.BinPage })),
  search: () => import('./search/SearchPage').then((m) => ({ default: m.SearchPage })),
  settings: () => import('./settings/PhotoSettings'),
  map: () => import('./map/PlacesMap'),
};
const AlbumsPage = lazy(loadSections.albums);
const AlbumPage = lazy(loadSections.album);
const BinPage = lazy(loadSections.bin);
const SearchPage = lazy(loadSections.search);
const PhotoSettings = lazy(loadSections.settings);
const PlacesMap = lazy(loadSections.map);

const SECTIONS_PRELOAD_MS = 1500;

/** The sections' chunks, fetched a while after the area opened (the map's Leaflet waits for use). */
function usePreloadedSections() {
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const load of [loadSections.albums, loadSections.album, loadSections.bin, loadSections.search])
        void load().catch(() => undefined);
    }, SECTIONS_PRELOAD_MS);
    return () => clearTimeout(timer);
  }, []);
}

/**
 * Photos (docs/photos.md): the timeline, the albums, the favourites, the map of places, the
 * recycle bin, the search and the settings (the WebDAV folder watch), with the full-screen viewer. A 6001 of any call leads to /photo.check.
 */
export default function PhotosArea() {
  usePreloadedSections();
  return (
    <>
      <ConfirmHolder />
      <main className="photo-page">
        <h1 className="photo-page__title">相册</h1>
        <PhotoNav />
        <Suspense fallback={<Skeleton active />}>
          <Routes>
            <Route
              path="index"
              element={
                <Timeline key="index" filter={EVERYTHING} empty="还没有照片：用手机备份照片后会显示在这里" />
              }
            />
            <Route path="albums" element={<AlbumsPage />} />
            <Route path="albums/:albumId" element={<AlbumPage />} />
            <Route
              path="favourites"
              element={<Timeline key="favourites" filter={FAVOURITES} empty="还没有收藏的照片" />}
            />
            <Route path="bin" element={<BinPage />} />
            <Route path="search" element={<SearchPage />} />
            <Route path="map" element={<PlacesMap />} />
            <Route path="settings" element={<PhotoSettings />} />
            <Route path="*" element={<Navigate to="/photo/index" replace />} />
          </Routes>
        </Suspense>
      </main>
    </>
  );
}
