// A synthetic address book for the contacts benchmarks: deterministic vCard 3.0 cards with
// Chinese and Latin names, phones, e-mails, companies and groups, imported through inport.do.
import { random as rng } from './random.mjs';

const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
];
const GIVEN = [
  ...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍鹏辉建红晓宇浩然欣怡子轩梓涵一诺雨桐思远嘉豪俊杰文博天佑',
];
const LATIN_FIRST = [
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
  'Mia',
  'Noah',
  'Olivia',
  'Paul',
];
const LATIN_LAST = ['Smith', 'Brown', 'Taylor', 'Wilson', 'Clark', 'Lee', 'Walker', 'Hall', 'Young', 'King'];
const COMPANIES = [
  '星辰科技',
  '远航物流',
  '华信银行',
  '蓝海传媒',
  '青松教育',
  '云图软件',
  'Acme Corp',
  'Northwind',
];
const GROUPS = ['家人', '同事', '朋友', '同学', '客户'];

/** `count` distinct cards (each has a unique phone number, so import keeps every one). */
export function bookVcf(count, seed = 7) {
  const next = rng(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const cards = [];
  for (let i = 0; i < count; i++) {
    const latin = i % 6 === 5;
    const name = latin
      ? `${pick(LATIN_FIRST)} ${pick(LATIN_LAST)}`
      : pick(SURNAMES) + pick(GIVEN) + (next() < 0.6 ? pick(GIVEN) : '');
    const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, `N:${name};;;;`];
    lines.push(`TEL;TYPE=CELL:1${30 + (i % 60)}${String(i).padStart(8, '0')}`);
    if (next() < 0.5) lines.push(`EMAIL;TYPE=INTERNET:user${i}@example.com`);
    if (next() < 0.3) lines.push(`ORG:${pick(COMPANIES)}`);
    if (next() < 0.3) lines.push(`CATEGORIES:${pick(GROUPS)}`);
    lines.push('END:VCARD');
    cards.push(lines.join('\r\n'));
  }
  return `${cards.join('\r\n')}\r\n`;
}

/** Imports a vCard text into the account's book through the real import call. */
export async function importBook(client, vcf) {
  const form = new FormData();
  form.append('file', new Blob([vcf], { type: 'text/vcard' }), 'bench.vcf');
  const res = await client.fetch('/contact/inport.do', { method: 'POST', body: form });
  const env = await res.json();
  if (env.code !== 0) throw new Error(`inport.do: ${env.code} ${env.message ?? ''}`);
  return env.data;
}
