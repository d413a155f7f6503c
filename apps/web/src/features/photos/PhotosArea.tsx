import './photos.css';
import { SearchOutlined } from '@ant-design/icons';
import type { PhotoFilter } from '@phonecloud/shared/api';
import { lazy } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router-dom';
import { ConfirmHolder } from '../../components/confirm';
import { AlbumPage } from './albums/AlbumPage';
import { AlbumsPage } from './albums/AlbumsPage';
import { BinPage } from './bin/BinPage';
import { SearchPage } from './search/SearchPage';
import PhotoSettings from './settings/PhotoSettings';
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

const PlacesMap = lazy(() => import('./map/PlacesMap'));

/**
 * Photos (docs/photos.md): the timeline, the albums, the favourites, the map of places, the
 * recycle bin, the search and the settings (the WebDAV folder watch), with the full-screen viewer. A 6001 of any call leads to /photo.check.
 */
export default function PhotosArea() {
  return (
    <>
      <ConfirmHolder />
      <main className="photo-page">
        <h1 className="photo-page__title">相册</h1>
        <PhotoNav />
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
      </main>
    </>
  );
}
