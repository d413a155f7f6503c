import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import { nameSpell } from './pinyin.js';

/** What nameSpell answered before names of one-reading characters took a shorter way. */
const fullPass = (name: string) =>
  pinyin(name, { toneType: 'none', type: 'array', surname: 'head', nonZh: 'consecutive', v: true })
    .join('')
    .toLowerCase()
    .replace(/\s+/g, '');

describe('nameSpell', () => {
  it('reads surnames as surnames and words in context', () => {
    expect(nameSpell('单田芳')).toBe('shantianfang');
    expect(nameSpell('曾国藩')).toBe('zengguofan');
    expect(nameSpell('张三')).toBe('zhangsan');
    expect(nameSpell('吕 律')).toBe('lvlv');
    expect(nameSpell('Anna Smith')).toBe('annasmith');
  });

  it('spells every name as pinyin-pro does, the short way included', () => {
    const surnames = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭单曾解区查朴仇欧阳司马诸葛'];
    const given = [...'伟芳娜敏静丽强磊军洋杰子轩梓涵一诺雨桐乐长行重朝和都会绿女吕律江河国庆中华人民'];
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 16807) % 2147483647;
      return Math.floor((seed / 2147483647) * n);
    };
    for (let i = 0; i < 3000; i++) {
      let name = surnames[next(surnames.length)] ?? '';
      for (let k = 0; k <= next(3); k++) name += given[next(given.length)] ?? '';
      expect(nameSpell(name), name).toBe(fullPass(name));
    }
    for (const name of [
      '长江',
      '重庆',
      '银行',
      '音乐',
      '会计',
      '朝阳',
      '单于',
      '尉迟恭',
      '王2号',
      '李Anna',
    ]) {
      expect(nameSpell(name), name).toBe(fullPass(name));
    }
  });
});
