import VestibuleCore

/// The data policy of a small shop, as an operator would write it: two required fields (the terms, the country
/// for prices and taxes) and two optional ones (a phone number for shipping texts, a birth date for a gift),
/// with texts in every language the pages speak, or English alone.
enum ShopPolicy {
    static let json = """
    {"fields": [
      {"name": "terms", "type": "consent", "terms": "https://shop.example.com/terms", "required": true,
       "label": {"en": "I accept the terms of service", "ja": "利用規約に同意します", "de": "Ich stimme den Nutzungsbedingungen zu",
                 "ar": "أوافق على شروط الخدمة"},
       "reason": {"en": "We can sell to you only under these terms.", "ja": "この規約のもとでのみ販売できます。",
                  "de": "Wir können dir nur zu diesen Bedingungen etwas verkaufen.", "ar": "لا يمكننا البيع لك إلا بموجب هذه الشروط."}},
      {"name": "country", "type": "country", "countries": ["JP", "DE", "US", "AE", "GB"], "required": true,
       "label": {"en": "Country or region", "ja": "国または地域", "de": "Land oder Region", "ar": "البلد أو المنطقة"},
       "reason": {"en": "Prices, taxes and shipping depend on it.", "ja": "価格、税金、配送がこれで決まります。",
                  "de": "Preise, Steuern und Versand hängen davon ab.", "ar": "تعتمد الأسعار والضرائب والشحن عليه."}},
      {"name": "phone", "type": "phone", "required": false,
       "label": {"en": "Phone number", "ja": "電話番号", "de": "Telefonnummer", "ar": "رقم الهاتف"},
       "benefit": {"en": "We text you when your order ships.", "ja": "注文の発送時にSMSでお知らせします。",
                   "de": "Wir schicken dir eine SMS, sobald deine Bestellung unterwegs ist.", "ar": "نرسل لك رسالة نصية عند شحن طلبك."}},
      {"name": "birthDate", "type": "date", "required": false,
       "label": {"en": "Birth date"},
       "benefit": {"en": "A small gift on your birthday, every year."}}
    ]}
    """

    static var policy: DataPolicy {
        // The text above is a valid policy; a mistake in it fails every test that uses it, at once.
        try! DataPolicy(json: Array(json.utf8), languages: ["en", "ja", "de", "ar"])
    }
}
