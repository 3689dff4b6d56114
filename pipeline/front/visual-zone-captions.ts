/**
 * The captions of a visual zone per field, in the issuing states' languages (ICAO 9303 part 4:
 * the state's language beside English, French or Spanish): a pattern and spellings for garbled
 * captions. Short common words (`NAME`, `IME`) count only at a line's start; Romanian `Nume` is out.
 */

const lineStart = (words: string): string => `(?<=^[\\s\\d.]*)(?:${words})`;

export const NUMBER_WORDS = [
  'PASSPORT\\s*(?:CARD\\s*)?(?:NO|N[O°º]|NUMBER|#)\\.?', 'N[O°º]\\.?\\s*DU\\s*PASSEPORT', 'DOCUMENT\\s*(?:NO|NUMBER)\\.?',
  'CARD\\s*(?:NO|NUMBER|#)\\.?', 'USCIS\\s*#', 'ID\\s*(?:NO|NUMBER)\\.?', 'PASSNUMMER', 'PASS-?NR\\.?', 'DOKUMENTNUMMER',
  'AUSWEISNUMMER', 'N[UÚ]MERO(?:\\s*(?:DE\\s*|DEL\\s*|DI\\s*|DO\\s*)?(?:DOCUMENTO|PASAPORTE|PASSAPORTO|PASSAPORTE|SOPORTE))?', 'NUMER\\s*(?:DOKUMENTU|PASZPORTU)',
  'DOC(?:UMENT)?\\s*N[O°º]\\.?',
  '[ČC][ÍI]SLO(?:\\s*(?:PASU|DOKLADU|PASU))?', 'PAS\\s*NR\\.?', 'PASNUMMER', 'PASPOORTNUMMER', 'DOCUMENTNUMMER', 'PASSIN\\s*NUMERO',
  'PASO\\s*NR\\.?', 'PASES\\s*NR\\.?', 'DOKUMENDI\\s*NR\\.?', 'PASSI\\s*NR\\.?', 'SER[İI]\\s*NO', 'PASZPORTSZ[ÁA]M', 'OKM[ÁA]NYAZONOS[ÍI]T[ÓO]',
].join('|');

export const NUMBER_SPELLINGS = ['Passport No', 'No du passeport', 'Passport card no', 'Document No', 'Document number', 'Card No', 'Card number'];

export const SURNAME_WORDS = [
  'SURNAMES?', 'NOM', 'FAMILY\\s*NAME', 'APELLIDOS', lineStart('NAME'), 'NACHNAME', 'FAMILIENNAME', 'COGNOME', 'NAZWISKO', 'EFTERNAMN',
  'ACHTERNAAM', 'APELIDOS?',
  'P[ŘR][ÍI]JMEN[ÍI]', 'PRIEZVISKO', 'PREZIME', 'CSAL[ÁA]DI\\s*N[ÉE]V', 'SOYADI', 'SOYADı', 'EFTERNAVN', 'ETTERNAVN', 'SUKUNIMI',
  'PAVARD[ĖE]', 'UZV[ĀA]RDS', 'PEREKONNANIMI',
].join('|');

export const SURNAME_SPELLINGS = ['Surname', 'Surnames', 'Family name', 'Apellidos', 'Nachname', 'Cognome', 'Nazwisko', 'Efternamn',
  'Příjmení', 'Priezvisko', 'Prezime', 'Soyadı', 'Efternavn', 'Etternavn', 'Sukunimi', 'Pavardė', 'Uzvārds', 'Perekonnanimi'];

export const GIVEN_WORDS = [
  'GIVEN\\s*NAMES?(?:\\s*,\\s*PATRONYMIC)?', 'PR[EÉ]NOMS?', 'FORENAMES', 'FIRST\\s*NAMES?', 'VORNAMEN?', 'NOMBRES?', 'NOME', 'IMIONA', 'IMI[EĘ]', 'F[OÖ]RNAMN', 'VOORNAMEN',
  'JM[ÉE]NO', lineStart('MENO|IME|ADI|ADı'), 'PRENUME', 'UT[ÓO]N[ÉE]V', 'FORNAVNE?', 'ETUNIMET', 'VARDAI', 'VARDAS', 'V[ĀA]RDI', 'V[ĀA]RDS',
  'EESNIMED', 'NOMES',
].join('|');

export const GIVEN_SPELLINGS = ['Given names', 'Prénoms', 'Forenames', 'First names', 'Vornamen', 'Nombres', 'Imiona', 'Förnamn',
  'Jméno', 'Prenume', 'Fornavn', 'Etunimet', 'Vardai', 'Vārdi', 'Eesnimed'];

export const BIRTH_WORDS = [
  'DATE\\s*OF\\s*BIRTH', 'DATE\\s*DE\\s*NAISSANCE', 'BIRTH\\s*DATE', 'GEBURTSTAG', 'GEBURTSDATUM', 'DOB', 'FECHA\\s*DE\\s*NACIMIENTO',
  'DATA\\s*DI\\s*NASCITA', 'DATA\\s*URODZENIA', 'F[OÖ]DELSEDATUM', 'GEBOORTEDATUM', 'DATA\\s*DE\\s*NASCIMENTO',
  'DATUM\\s*NAROZEN[ÍI]', 'D[ÁA]TUM\\s*NARODENIA', 'DATUM\\s*RO[ĐD]ENJA', 'DATA\\s*NA[SŞȘ]TERII', 'SZ[ÜU]LET[ÉE]SI\\s*ID[ŐO]',
  'DO[ĞG]UM\\s*TAR[İI]H[İI]', 'F[ØO]DSELSDATO', 'SYNTYM[ÄA]AIKA', 'GIMIMO\\s*DATA', 'DZIM[ŠS]ANAS\\s*DATUMS', 'S[ÜU]NNIAEG',
].join('|');

export const BIRTH_SPELLINGS = ['Date of birth', 'Date de naissance', 'Birth date', 'Geburtstag', 'Geburtsdatum', 'Fecha de nacimiento',
  'Data di nascita', 'Data urodzenia', 'Datum narození', 'Datum rođenja', 'Fødselsdato', 'Syntymäaika', 'Gimimo data', 'Dzimšanas datums', 'Sünniaeg'];

export const EXPIRY_WORDS = [
  'DATE\\s*OF\\s*EXPIRY', 'DATE\\s*OF\\s*EXPIRATION', 'EXPIRY\\s*DATE', '(?:CARD\\s*)?EXPIRES(?:\\s*ON)?', 'EXPIRATION', 'DATE\\s*D.EXPIRATION',
  'G[UÜ]LTIG\\s*BIS', 'VALID\\s*UNTIL', 'FECHA\\s*DE\\s*(?:CADUCIDAD|VALIDEZ)', 'VALIDEZ', '(?:DATA\\s*DI\\s*)?SCADENZA', 'DATA\\s*WA[ŻZ]NO[ŚS]CI',
  'GILTIG\\s*T\\.?\\s*O\\.?\\s*M\\.?', 'GELDIG\\s*TOT',
  'PLATNOST\\s*DO', 'PLAT[ÍI]\\s*DO', 'PLATNOS[ŤT]\\s*DO', 'DATUM\\s*ISTEKA', 'DATA\\s*EXPIR[ĂA]RII', '[ÉE]RV[ÉE]NYESS[ÉE]G', 'GE[ÇC]ERL[İI]L[İI]K\\s*TAR[İI]H[İI]',
  'UDL[ØO]BSDATO', 'UTL[ØO]PSDATO', 'VOIMASSA(?:\\s*ASTI)?', 'GALIOJA\\s*IKI', 'DER[ĪI]GS\\s*L[ĪI]DZ', 'DER[ĪI]GUMA\\s*TERMI[ŅN][ŠS]', 'KEHTIV\\s*KUNI',
  'DATA\\s*DE\\s*VALIDADE',
].join('|');

export const EXPIRY_SPELLINGS = ['Date of expiry', 'Date of expiration', "Date d'expiration", 'Expiry date', 'Card expires', 'Gültig bis',
  'Fecha de caducidad', 'Data di scadenza', 'Data ważności', 'Platnost do', 'Datum isteka', 'Udløbsdato', 'Utløpsdato', 'Voimassa',
  'Galioja iki', 'Derīgs līdz', 'Kehtiv kuni'];

export const ISSUE_WORDS = [
  'DATE\\s*OF\\s*ISSUE', 'ISSUED(?:\\s*ON)?', 'ISSUE\\s*DATE', 'DATE\\s*DE\\s*D[EÉ]LIVRANCE', 'FECHA\\s*DE\\s*EXPEDICI[OÓ]N', 'DATA\\s*DI\\s*RILASCIO',
  'DATA\\s*WYDANIA', 'AUSSTELLUNGSDATUM', 'UTF[ÄA]RDANDEDATUM',
  'DATUM\\s*VYD[ÁA]N[ÍI]', 'D[ÁA]TUM\\s*VYDANIA', 'DATUM\\s*IZDAVANJA', 'DATA\\s*ELIBER[ĂA]RII', 'KI[ÁA]LL[ÍI]T[ÁA]S\\s*D[ÁA]TUMA',
  'VER[İI]L[İI][ŞS]\\s*TAR[İI]H[İI]', 'UDSTEDELSESDATO', 'UTSTEDELSESDATO', 'MY[ÖO]NT[ÄA]MISP[ÄA]IV[ÄA]', 'I[ŠS]DAVIMO\\s*DATA',
  'IZDO[ŠS]ANAS\\s*DATUMS', 'V[ÄA]LJAANDMISE\\s*KUUP[ÄA]EV', 'DATA\\s*DE\\s*EMISS[ÃA]O', 'DATUM\\s*VAN\\s*AFGIFTE',
].join('|');

export const ISSUE_SPELLINGS = ['Date of issue', 'Date de délivrance', 'Issue date', 'Issued on', 'Fecha de expedición', 'Datum vydání',
  'Datum izdavanja', 'Udstedelsesdato', 'Myöntämispäivä', 'Išdavimo data', 'Izdošanas datums'];

export const OTHER_WORDS = [
  'NATIONALITY', 'NATIONALIT[EÉ]', 'NACIONALIDADE?', 'NAZIONALIT[AÀ]', 'NATIONALITEIT', 'OBYWATELSTWO', 'STAATSANGEH[ÖO]RIGKEIT',
  'ST[ÁA]TN[ÍI]\\s*OB[ČC]ANSTV[ÍI]', 'MEDBORGARSKAP', 'PILIETYB[ĖE]', 'PILSON[ĪI]BA', 'KODAKONDSUS', 'UYRU[ĞG]U', '[ÁA]LLAMPOLG[ÁA]RS[ÁA]G',
  'PLACE\\s*OF\\s*BIRTH', 'LIEU\\s*DE\\s*NAISSANCE', 'LUGAR\\s*DE\\s*NACIMIENTO', 'LUOGO\\s*DI\\s*NASCITA', 'GEBURTSORT', 'M[ÍI]STO\\s*NAROZEN[ÍI]',
  'MIEJSCE\\s*URODZENIA', 'F[ÖO]DELSEORT', 'GEBOORTEPLAATS', 'DO[ĞG]UM\\s*YER[İI]', 'COUNTRY\\s*OF\\s*BIRTH',
  'AUTHORITY', 'AUTORIT[EÉ]', 'BEH[ÖO]RDE', 'AUTORIDAD', 'AUTORIT[AÀ]', 'ORGAN\\s*WYDAJ[ĄA]CY', 'V[ÝY]DAL', 'MYNDIGHET',
  'RESIDENT\\s*SINCE', 'NAME\\s*AT\\s*BIRTH', 'NOM\\s*DE\\s*NAISSANCE', 'GEBURTSNAME', 'NOM\\s*D.USAGE',
].join('|');

export const OTHER_SPELLINGS = ['Nationality', 'Nationalité', 'Place of birth', 'Lieu de naissance', 'Authority', 'Autorité', 'Country of birth',
  'Resident since', 'Signature du titulaire', "Holder's signature", 'Staatsangehörigkeit', 'Geburtsort', 'Behörde'];
