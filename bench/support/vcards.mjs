// A deterministic address book as one vCard 3.0 file: Chinese and Latin names, one to three
// phones, and the other fields a phone book holds at realistic rates (no photos). Every card
// has a unique phone number, so an import keeps them all, and a UID, which CardDAV needs.
import { random as rng } from './random.mjs';

const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
];
const GIVEN = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍鹏辉建红晓宇浩然欣怡子轩梓涵一诺雨桐思远嘉豪俊杰文博天佑',
];
const FIRST = [
  'Anna',
  'Ben',
  'Chloe',
  'David',
  'Emma',
  'Frank',
  'Grace',
  'Henry',
  'Iris',
  'Jack',
  'Kate',
  'Leo',
];
const LAST = ['Smith', 'Brown', 'Taylor', 'Wilson', 'Clark', 'Lee', 'Walker', 'Hall', 'Young', 'King'];
const COMPANIES = [
  '星辰科技有限公司',
  '远航物流',
  '华信银行',
  '蓝海传媒',
  '青松教育',
  '云图软件',
  'Acme Corp',
  'Northwind',
];
const TITLES = ['工程师', '经理', '销售总监', '会计', '教师', 'Designer', 'Product Manager'];
const CITIES = [
  ['广东省', '深圳市', '南山区科技园路'],
  ['北京市', '北京市', '海淀区中关村大街'],
  ['上海市', '上海市', '浦东新区世纪大道'],
  ['浙江省', '杭州市', '西湖区文三路'],
];
const GROUPS = ['家人', '同事', '朋友', '同学', '客户'];
const PHONE_TYPES = ['CELL', 'WORK', 'HOME'];

export function bookVcf(count, seed = 20240601) {
  const next = rng(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const cards = [];
  for (let i = 0; i < count; i++) {
    const lines = ['BEGIN:VCARD', 'VERSION:3.0', `UID:bench-${i}`];
    if (i % 6 === 5) {
      const first = pick(FIRST);
      const last = pick(LAST);
      lines.push(`FN:${first} ${last}`, `N:${last};${first};;;`);
    } else {
      const family = pick(SURNAMES);
      const given = pick(GIVEN) + (next() < 0.6 ? pick(GIVEN) : '');
      lines.push(`FN:${family}${given}`, `N:${family};${given};;;`);
    }
    const phones = 1 + Math.floor(next() * next() * 3);
    for (let p = 0; p < phones; p++) {
      lines.push(`TEL;TYPE=${PHONE_TYPES[p]}:1${30 + ((i + p) % 60)}${String(i * 3 + p).padStart(8, '0')}`);
    }
    if (next() < 0.6) lines.push(`EMAIL;TYPE=INTERNET:user${i}@example.com`);
    if (next() < 0.4) lines.push(`ORG:${pick(COMPANIES)}`, `TITLE:${pick(TITLES)}`);
    if (next() < 0.3) {
      const [province, city, street] = pick(CITIES);
      lines.push(`ADR;TYPE=HOME:;;${street}${1 + (i % 300)}号;${city};${province};518000;中国`);
    }
    if (next() < 0.2)
      lines.push(
        `BDAY:${1960 + (i % 45)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      );
    if (next() < 0.15) lines.push(`NOTE:第${i}位联系人\\, 备注：周末可联系`);
    if (next() < 0.1) lines.push(`NICKNAME:小${pick(GIVEN)}`);
    if (next() < 0.1) lines.push(`URL:https://example.com/u/${i}`);
    if (next() < 0.3) lines.push(`CATEGORIES:${pick(GROUPS)}`);
    lines.push('END:VCARD');
    cards.push(lines.join('\r\n'));
  }
  return `${cards.join('\r\n')}\r\n`;
}
