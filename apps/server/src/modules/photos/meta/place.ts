import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';

/**
 * Offline reverse geocoding of China: the province, then the city (or a municipality's district)
 * whose boundary holds the point, from the `china-geojson` package's boundaries (the same data
 * the find area's base map draws). Points outside every province have no place name: the portal
 * shows their coordinates. Boundaries are simplified (a few hundred metres): a point near a
 * border may be named for its neighbour.
 */
type Area = Feature<Polygon | MultiPolygon, { name?: string }>;
type Box = [number, number, number, number];
interface Region {
  name: string;
  box: Box;
  feature: Area;
}

/** Each province's file of cities, by the province's name in the country file. */
const CITY_FILES: Record<string, string> = {
  安徽: 'an_hui_geo',
  澳门: 'ao_men_geo',
  北京: 'bei_jing_geo',
  重庆: 'chong_qing_geo',
  福建: 'fu_jian_geo',
  甘肃: 'gan_su_geo',
  广东: 'guang_dong_geo',
  广西: 'guang_xi_geo',
  贵州: 'gui_zhou_geo',
  海南: 'hai_nan_geo',
  河北: 'he_bei_geo',
  河南: 'he_nan_geo',
  黑龙江: 'hei_long_jiang_geo',
  湖北: 'hu_bei_geo',
  湖南: 'hu_nan_geo',
  吉林: 'ji_lin_geo',
  江苏: 'jiang_su_geo',
  江西: 'jiang_xi_geo',
  辽宁: 'liao_ning_geo',
  内蒙古: 'nei_meng_gu_geo',
  宁夏: 'ning_xia_geo',
  青海: 'qing_hai_geo',
  山东: 'shan_dong_geo',
  山西: 'shan_xi_1_geo',
  陕西: 'shan_xi_2_geo',
  上海: 'shang_hai_geo',
  四川: 'si_chuan_geo',
  台湾: 'tai_wan_geo',
  天津: 'tian_jin_geo',
  西藏: 'xi_zang_geo',
  香港: 'xiang_gang_geo',
  新疆: 'xin_jiang_geo',
  云南: 'yun_nan_geo',
  浙江: 'zhe_jiang_geo',
};
/** The full names places are shown with (the data set has the short ones). */
const MUNICIPALITIES = new Set(['北京', '上海', '天津', '重庆']);
const REGIONS: Record<string, string> = {
  内蒙古: '内蒙古自治区',
  广西: '广西壮族自治区',
  西藏: '西藏自治区',
  宁夏: '宁夏回族自治区',
  新疆: '新疆维吾尔自治区',
  香港: '香港特别行政区',
  澳门: '澳门特别行政区',
  台湾: '台湾省',
};
function provinceName(short: string): string {
  return REGIONS[short] ?? (MUNICIPALITIES.has(short) ? `${short}市` : `${short}省`);
}

function boxOf(f: Area): Box {
  const box: Box = [180, 90, -180, -90];
  const rings = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
  for (const poly of rings)
    for (const ring of poly)
      for (const [x = 0, y = 0] of ring) {
        box[0] = Math.min(box[0], x);
        box[1] = Math.min(box[1], y);
        box[2] = Math.max(box[2], x);
        box[3] = Math.max(box[3], y);
      }
  return box;
}

const require_ = createRequire(import.meta.url);
async function load(file: string): Promise<Region[]> {
  const path = require_.resolve(`china-geojson/src/geojson/${file}.json`);
  const data = JSON.parse(await readFile(path, 'utf8')) as FeatureCollection<Polygon | MultiPolygon>;
  return data.features
    .filter((f) => f.geometry && typeof f.properties?.name === 'string' && f.properties.name !== '')
    .map((f) => ({ name: String(f.properties?.name), box: boxOf(f as Area), feature: f as Area }));
}

function find(regions: readonly Region[], lon: number, lat: number): Region | undefined {
  return regions.find(
    (r) =>
      lon >= r.box[0] &&
      lat >= r.box[1] &&
      lon <= r.box[2] &&
      lat <= r.box[3] &&
      booleanPointInPolygon([lon, lat], r.feature),
  );
}

// Loaded on first use and kept: the country is 0.3 MB, a province's cities 30-200 kB.
let provinces: Promise<Region[]> | null = null;
const cities = new Map<string, Promise<Region[]>>();

/** "浙江省 杭州市" for a point in China (WGS-84), else null. */
export async function placeOf(latitude: number, longitude: number): Promise<string | null> {
  provinces ??= load('china');
  const province = find(await provinces, longitude, latitude);
  if (!province) return null;
  const file = CITY_FILES[province.name];
  if (!file) return provinceName(province.name);
  let list = cities.get(file);
  if (!list) {
    list = load(file);
    cities.set(file, list);
  }
  const city = find(await list, longitude, latitude);
  return city ? `${provinceName(province.name)} ${city.name}` : provinceName(province.name);
}
