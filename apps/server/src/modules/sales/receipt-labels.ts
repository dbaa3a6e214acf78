/**
 * The words printed on receipts and invoice PDFs, in the five languages of the product. The PDF is
 * made on the server, so its labels live here rather than in the web app's locale files.
 */
import type { Language } from '@gym/contract/constants';

export interface ReceiptLabels {
  receipt: string;
  invoice: string;
  number: string;
  date: string;
  member: string;
  memberCode: string;
  staff: string;
  phone: string;
  email: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  couponDiscount: string;
  lineTotal: string;
  taxRate: string;
  net: string;
  tax: string;
  gross: string;
  total: string;
  paid: string;
  refunded: string;
  balance: string;
  payment: string;
  refund: string;
  method: string;
  amount: string;
  tendered: string;
  change: string;
  reference: string;
  nextDue: string;
  void: string;
  pricesIncludeTax: string;
  thanks: string;
  methodCash: string;
  methodCard: string;
  methodTransfer: string;
}

export const RECEIPT_LABELS: Record<Language, ReceiptLabels> = {
  en: {
    receipt: 'Receipt',
    invoice: 'Invoice',
    number: 'Invoice no.',
    date: 'Date',
    member: 'Member',
    memberCode: 'Member code',
    staff: 'Staff',
    phone: 'Phone',
    email: 'E-mail',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    discount: 'Discount',
    couponDiscount: 'Coupon',
    lineTotal: 'Amount',
    taxRate: 'Tax rate',
    net: 'Net',
    tax: 'Tax',
    gross: 'Gross',
    total: 'Total',
    paid: 'Paid',
    refunded: 'Refunded',
    balance: 'Balance due',
    payment: 'Payment',
    refund: 'Refund',
    method: 'Method',
    amount: 'Amount',
    tendered: 'Cash received',
    change: 'Change',
    reference: 'Reference',
    nextDue: 'Next installment due',
    void: 'VOID',
    pricesIncludeTax: 'Prices include tax.',
    thanks: 'Thank you!',
    methodCash: 'Cash',
    methodCard: 'Card',
    methodTransfer: 'Bank transfer',
  },
  de: {
    receipt: 'Quittung',
    invoice: 'Rechnung',
    number: 'Rechnungsnr.',
    date: 'Datum',
    member: 'Mitglied',
    memberCode: 'Mitgliedsnr.',
    staff: 'Mitarbeiter/in',
    phone: 'Telefon',
    email: 'E-Mail',
    description: 'Bezeichnung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    discount: 'Rabatt',
    couponDiscount: 'Gutschein',
    lineTotal: 'Betrag',
    taxRate: 'USt.-Satz',
    net: 'Netto',
    tax: 'USt.',
    gross: 'Brutto',
    total: 'Gesamtbetrag',
    paid: 'Bezahlt',
    refunded: 'Erstattet',
    balance: 'Offener Betrag',
    payment: 'Zahlung',
    refund: 'Erstattung',
    method: 'Zahlungsart',
    amount: 'Betrag',
    tendered: 'Gegeben',
    change: 'Rückgeld',
    reference: 'Referenz',
    nextDue: 'Nächste Rate fällig',
    void: 'STORNIERT',
    pricesIncludeTax: 'Alle Preise inkl. USt.',
    thanks: 'Vielen Dank!',
    methodCash: 'Bar',
    methodCard: 'Karte',
    methodTransfer: 'Überweisung',
  },
  fr: {
    receipt: 'Reçu',
    invoice: 'Facture',
    number: 'Facture n°',
    date: 'Date',
    member: 'Membre',
    memberCode: 'N° de membre',
    staff: 'Employé(e)',
    phone: 'Téléphone',
    email: 'E-mail',
    description: 'Désignation',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    discount: 'Remise',
    couponDiscount: 'Bon de réduction',
    lineTotal: 'Montant',
    taxRate: 'Taux de TVA',
    net: 'HT',
    tax: 'TVA',
    gross: 'TTC',
    total: 'Total TTC',
    paid: 'Payé',
    refunded: 'Remboursé',
    balance: 'Reste à payer',
    payment: 'Paiement',
    refund: 'Remboursement',
    method: 'Mode de paiement',
    amount: 'Montant',
    tendered: 'Espèces reçues',
    change: 'Monnaie rendue',
    reference: 'Référence',
    nextDue: 'Prochaine échéance',
    void: 'ANNULÉE',
    pricesIncludeTax: 'Prix TTC.',
    thanks: 'Merci !',
    methodCash: 'Espèces',
    methodCard: 'Carte',
    methodTransfer: 'Virement',
  },
  pt: {
    receipt: 'Recibo',
    invoice: 'Fatura',
    number: 'Fatura n.º',
    date: 'Data',
    member: 'Sócio',
    memberCode: 'N.º de sócio',
    staff: 'Atendente',
    phone: 'Telefone',
    email: 'E-mail',
    description: 'Descrição',
    quantity: 'Qtd.',
    unitPrice: 'Preço unitário',
    discount: 'Desconto',
    couponDiscount: 'Cupom',
    lineTotal: 'Valor',
    taxRate: 'Taxa de imposto',
    net: 'Líquido',
    tax: 'Imposto',
    gross: 'Bruto',
    total: 'Total',
    paid: 'Pago',
    refunded: 'Reembolsado',
    balance: 'Saldo devedor',
    payment: 'Pagamento',
    refund: 'Reembolso',
    method: 'Forma de pagamento',
    amount: 'Valor',
    tendered: 'Valor recebido',
    change: 'Troco',
    reference: 'Referência',
    nextDue: 'Próxima parcela',
    void: 'ANULADA',
    pricesIncludeTax: 'Preços com impostos incluídos.',
    thanks: 'Obrigado!',
    methodCash: 'Dinheiro',
    methodCard: 'Cartão',
    methodTransfer: 'Transferência bancária',
  },
  'zh-Hant': {
    receipt: '收據',
    invoice: '發票',
    number: '發票編號',
    date: '日期',
    member: '會員',
    memberCode: '會員編號',
    staff: '職員',
    phone: '電話',
    email: '電郵',
    description: '項目',
    quantity: '數量',
    unitPrice: '單價',
    discount: '折扣',
    couponDiscount: '優惠券',
    lineTotal: '金額',
    taxRate: '稅率',
    net: '淨額',
    tax: '稅額',
    gross: '總額',
    total: '總計',
    paid: '已付',
    refunded: '已退款',
    balance: '尚欠金額',
    payment: '付款',
    refund: '退款',
    method: '付款方式',
    amount: '金額',
    tendered: '收取現金',
    change: '找續',
    reference: '參考編號',
    nextDue: '下期分期到期',
    void: '已作廢',
    pricesIncludeTax: '價格已含稅。',
    thanks: '多謝惠顧！',
    methodCash: '現金',
    methodCard: '信用卡',
    methodTransfer: '銀行轉帳',
  },
};

export function receiptLabels(language: string): ReceiptLabels {
  return (RECEIPT_LABELS as Record<string, ReceiptLabels>)[language] ?? RECEIPT_LABELS.en;
}
