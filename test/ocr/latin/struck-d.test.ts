import t from 'tap';
import { settleStruckD } from '../../../pipeline/ocr/latin/struck-d.js';

// Names of a person generator's Icelandic, Croatian and Vietnamese locales (Faker), none of the corpus's.
t.test('a struck capital D is the letter of its word\'s language, whichever the recogniser wrote', async (t) => {
  // GUÐRÚN's Ú is a Vietnamese letter too, and Vietnamese has far more speakers: its letters decide.
  for (const word of ['GUÐRÚN', 'SIGURÐUR', 'AÐALHEIÐUR', 'HALLGERÐUR']) {
    t.equal(settleStruckD(word.replace(/Ð/g, 'Đ')), word, `${word}: Icelandic`);
    t.equal(settleStruckD(word), word);
  }
  for (const [word, language] of [['ĐURĐICA', 'Croatian'], ['ĐORĐE', 'Serbian'], ['ĐẶNG', 'Vietnamese'], ['ĐỨC', 'Vietnamese']]) {
    t.equal(settleStruckD(word.replace(/Đ/g, 'Ð')), word, `${word}: ${language}`);
  }
  // A thorn is Icelandic's alone: the word's other marks choose among the languages.
  t.equal(settleStruckD('ÞORĐUR'), 'ÞORÐUR');
  t.equal(settleStruckD('ĐOKOVIĆ'), 'ĐOKOVIĆ');
});

t.test('a line keeps its length, its case and every other letter', async (t) => {
  t.equal(settleStruckD('JÓN GUĐMUNDSSON, 4d 123'), 'JÓN GUÐMUNDSSON, 4d 123');
  t.equal(settleStruckD('ð and đ in small letters differ in shape: as read'), 'ð and đ in small letters differ in shape: as read');
  t.equal(settleStruckD('DAVID DODD'), 'DAVID DODD');
  t.equal(settleStruckD(''), '');
});
