// Each file is emitted as an asset of its own and fetched when the view reaches it: the URLs are
// all this module holds, and it is itself loaded only by a map without tiles.
import anHui from 'china-geojson/src/geojson/an_hui_geo.json?url';
import beiJing from 'china-geojson/src/geojson/bei_jing_geo.json?url';
import chongQing from 'china-geojson/src/geojson/chong_qing_geo.json?url';
import fuJian from 'china-geojson/src/geojson/fu_jian_geo.json?url';
import ganSu from 'china-geojson/src/geojson/gan_su_geo.json?url';
import guangDong from 'china-geojson/src/geojson/guang_dong_geo.json?url';
import guangXi from 'china-geojson/src/geojson/guang_xi_geo.json?url';
import guiZhou from 'china-geojson/src/geojson/gui_zhou_geo.json?url';
import haiNan from 'china-geojson/src/geojson/hai_nan_geo.json?url';
import heBei from 'china-geojson/src/geojson/he_bei_geo.json?url';
import heNan from 'china-geojson/src/geojson/he_nan_geo.json?url';
import heiLongJiang from 'china-geojson/src/geojson/hei_long_jiang_geo.json?url';
import huBei from 'china-geojson/src/geojson/hu_bei_geo.json?url';
import huNan from 'china-geojson/src/geojson/hu_nan_geo.json?url';
import jiLin from 'china-geojson/src/geojson/ji_lin_geo.json?url';
import jiangSu from 'china-geojson/src/geojson/jiang_su_geo.json?url';
import jiangXi from 'china-geojson/src/geojson/jiang_xi_geo.json?url';
import liaoNing from 'china-geojson/src/geojson/liao_ning_geo.json?url';
import neiMengGu from 'china-geojson/src/geojson/nei_meng_gu_geo.json?url';
import ningXia from 'china-geojson/src/geojson/ning_xia_geo.json?url';
import qingHai from 'china-geojson/src/geojson/qing_hai_geo.json?url';
import shanDong from 'china-geojson/src/geojson/shan_dong_geo.json?url';
import shanXi1 from 'china-geojson/src/geojson/shan_xi_1_geo.json?url';
import shanXi2 from 'china-geojson/src/geojson/shan_xi_2_geo.json?url';
import shangHai from 'china-geojson/src/geojson/shang_hai_geo.json?url';
import siChuan from 'china-geojson/src/geojson/si_chuan_geo.json?url';
import tianJin from 'china-geojson/src/geojson/tian_jin_geo.json?url';
import xiZang from 'china-geojson/src/geojson/xi_zang_geo.json?url';
import xinJiang from 'china-geojson/src/geojson/xin_jiang_geo.json?url';
import yunNan from 'china-geojson/src/geojson/yun_nan_geo.json?url';
import zheJiang from 'china-geojson/src/geojson/zhe_jiang_geo.json?url';

/**
 * The prefecture-level divisions (cities, leagues, autonomous prefectures; districts of the four
 * municipalities) of each province, by the province's two-digit code. Hong Kong, Macao and Taiwan
 * are one shape each in the package, drawn with the provinces.
 */
export const CITY_FILES: Readonly<Record<string, string>> = {
  '11': beiJing,
  '12': tianJin,
  '13': heBei,
  '14': shanXi2,
  '15': neiMengGu,
  '21': liaoNing,
  '22': jiLin,
  '23': heiLongJiang,
  '31': shangHai,
  '32': jiangSu,
  '33': zheJiang,
  '34': anHui,
  '35': fuJian,
  '36': jiangXi,
  '37': shanDong,
  '41': heNan,
  '42': huBei,
  '43': huNan,
  '44': guangDong,
  '45': guangXi,
  '46': haiNan,
  '50': chongQing,
  '51': siChuan,
  '52': guiZhou,
  '53': yunNan,
  '54': xiZang,
  '61': shanXi1,
  '62': ganSu,
  '63': qingHai,
  '64': ningXia,
  '65': xinJiang,
};
