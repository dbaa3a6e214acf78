/** The signed PDF's own words, in the five languages (the document's language). */
import type { Language } from '@gym/contract/constants';

export interface PdfWords {
  signedBy: string;
  guardian: string;
  signedAt: string;
  audit: string;
  document: string;
  version: string;
  signer: string;
  address: string;
  device: string;
  timeZone: string;
  consent: string;
  consentGiven: string;
  events: string;
  hashBefore: string;
  hashAfter: string;
  sealNote: string;
  eventNames: Record<'sent' | 'opened' | 'consented' | 'signed', string>;
}

export const PDF_WORDS: Record<Language, PdfWords> = {
  en: {
    signedBy: 'Signed by',
    guardian: 'Guardian',
    signedAt: 'Signed at',
    audit: 'Audit trail',
    document: 'Document',
    version: 'version',
    signer: 'Signer',
    address: 'Address',
    device: 'Device',
    timeZone: 'Time zone',
    consent: 'Consent',
    consentGiven: 'Agreed to sign electronically',
    events: 'Events (each chained to the previous one by its SHA-256)',
    hashBefore: 'SHA-256 of the document before signing',
    hashAfter: 'SHA-256 of the signed pages',
    sealNote: 'This file is sealed with the organisation’s certificate; any change breaks the seal.',
    eventNames: { sent: 'sent', opened: 'opened', consented: 'consented', signed: 'signed' },
  },
  de: {
    signedBy: 'Unterschrieben von',
    guardian: 'Erziehungsberechtigte Person',
    signedAt: 'Unterschrieben am',
    audit: 'Prüfprotokoll',
    document: 'Dokument',
    version: 'Version',
    signer: 'Unterzeichner',
    address: 'Adresse',
    device: 'Gerät',
    timeZone: 'Zeitzone',
    consent: 'Einwilligung',
    consentGiven: 'Der elektronischen Unterschrift zugestimmt',
    events: 'Ereignisse (jedes über seinen SHA-256 mit dem vorigen verkettet)',
    hashBefore: 'SHA-256 des Dokuments vor der Unterschrift',
    hashAfter: 'SHA-256 der unterschriebenen Seiten',
    sealNote: 'Diese Datei ist mit dem Zertifikat der Organisation versiegelt; jede Änderung bricht das Siegel.',
    eventNames: { sent: 'gesendet', opened: 'geöffnet', consented: 'eingewilligt', signed: 'unterschrieben' },
  },
  fr: {
    signedBy: 'Signé par',
    guardian: 'Représentant légal',
    signedAt: 'Signé le',
    audit: 'Piste d’audit',
    document: 'Document',
    version: 'version',
    signer: 'Signataire',
    address: 'Adresse',
    device: 'Appareil',
    timeZone: 'Fuseau horaire',
    consent: 'Consentement',
    consentGiven: 'A accepté de signer électroniquement',
    events: 'Événements (chacun lié au précédent par son SHA-256)',
    hashBefore: 'SHA-256 du document avant signature',
    hashAfter: 'SHA-256 des pages signées',
    sealNote: 'Ce fichier est scellé par le certificat de l’organisation ; toute modification rompt le sceau.',
    eventNames: { sent: 'envoyé', opened: 'ouvert', consented: 'consenti', signed: 'signé' },
  },
  pt: {
    signedBy: 'Assinado por',
    guardian: 'Responsável legal',
    signedAt: 'Assinado em',
    audit: 'Registo de auditoria',
    document: 'Documento',
    version: 'versão',
    signer: 'Signatário',
    address: 'Endereço',
    device: 'Dispositivo',
    timeZone: 'Fuso horário',
    consent: 'Consentimento',
    consentGiven: 'Aceitou assinar eletronicamente',
    events: 'Eventos (cada um ligado ao anterior pelo seu SHA-256)',
    hashBefore: 'SHA-256 do documento antes da assinatura',
    hashAfter: 'SHA-256 das páginas assinadas',
    sealNote: 'Este ficheiro está selado com o certificado da organização; qualquer alteração quebra o selo.',
    eventNames: { sent: 'enviado', opened: 'aberto', consented: 'consentido', signed: 'assinado' },
  },
  'zh-Hant': {
    signedBy: '簽署人',
    guardian: '監護人',
    signedAt: '簽署時間',
    audit: '審計記錄',
    document: '文件',
    version: '版本',
    signer: '簽署人',
    address: '地址',
    device: '裝置',
    timeZone: '時區',
    consent: '同意',
    consentGiven: '同意以電子方式簽署',
    events: '事件（每項以其 SHA-256 連接上一項）',
    hashBefore: '簽署前文件的 SHA-256',
    hashAfter: '已簽署頁面的 SHA-256',
    sealNote: '本文件已以機構的證書封存；任何修改都會破壞封存。',
    eventNames: { sent: '已發送', opened: '已開啟', consented: '已同意', signed: '已簽署' },
  },
};
