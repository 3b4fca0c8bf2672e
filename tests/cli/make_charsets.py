#!/usr/bin/env python3
# Writes tests/cli/charsets/: one record in each legacy charset (with CA, and without CA for
# those the reader detects), encoded by Python's codecs. Run from tests/cli/charsets/.
# Fixture records in legacy charsets for `tengen convert --utf8` (tests/cli.rs, tests/js/cli-convert.test.mjs).
def esc(t): return t.replace('\\','\\\\').replace(']','\\]')
SUFFIX = " (the ] and the " + chr(92) + " kept)"
langs = [
 ("gb18030", ["GB2312", None], ["雪儿2143", "柯洁"], ["黑中盘胜。白棋在右下角的打入失败了。", "这手棋很重要：黑棋必须补一手。"]),
 ("big5", ["Big5", None], ["許家元", "周俊勳"], ["許功蓋：這手棋很重要。", "黑中盤勝。"]),
 ("shift_jis", ["SJIS", None], ["井山裕太", "表ソ能"], ["黒中押し勝ち。表の十目は大きい。", "ここは白のソバツケが最善で、能率的な一手です。"]),
 ("euc_jp", ["EUC-JP"], ["井山裕太", "張栩"], ["黒中押し勝ち。", "ここは白のソバツケが最善です。"]),
 ("iso2022_jp", ["ISO-2022-JP", None], ["井山裕太", "一力遼"], ["黒中押し勝ち。", "第三局 - 本因坊戦"]),
 ("euc_kr", ["EUC-KR", None], ["이세돌", "박정환"], ["흑 불계승. 백이 우하귀에서 실수했다.", "이 수는 중요하다."]),
 ("cp1251", ["windows-1251"], ["Александр Динерштейн", "Илья Шикшин"], ["Белые сдались. Хорошая партия.", "Этот ход очень важен."]),
 ("koi8_r", ["KOI8-R"], ["Александр Динерштейн", "Илья Шикшин"], ["Белые сдались.", "Третья партия, финал"]),
 ("iso8859_2", ["ISO-8859-2"], ["Leszek Sołtysiak", "Ondřej Šilt"], ["Czarne wygrały. Źle zagrane, ale ładna partia.", "Trzecia partia, finał"]),
 ("latin1", ["Latin1"], ["Jürgen Müller", "François Côté"], ["Schöne Partie, gut gespielt.", "Très belle partie."]),
]
for codec, cas, names, comments in langs:
    for ca in cas:
        b, w = names
        c0, c1 = comments
        cap = f"CA[{ca}]" if ca else ""
        text = (f"(;FF[4]GM[1]{cap}SZ[19]KM[6.5]RU[Japanese]\n PB[{esc(b)}]PW[{esc(w)}]\n C[{esc(c0)}]\n"
                f";B[pd];W[dp]\n;B[pp]C[{esc(c1)}]\n(;W[dd]LB[dq:{esc(w[:1])}]\n;B[fq]N[{esc(b + SUFFIX)}]\n)\n(;W[qf]\n;B[nc]C[{esc(w)}]))\n")
        open(f"{codec}-{'ca' if ca else 'detected'}.sgf", 'wb').write(text.encode(codec))
open("utf8.sgf","wb").write("(;FF[4]GM[1]CA[UTF-8]SZ[9]PB[柯洁]PW[申真谞]C[中文 한국어 日本語]\n;B[ee];W[cc])\n".encode())
