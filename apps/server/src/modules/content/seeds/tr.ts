// Turkish translations of the FAQ and the responsible-gaming page; every other page falls back to English.
import type { ContentSeed } from "../content.repository.ts";
import { md, seedsOf } from "./seed-types.ts";

export const turkishContent: ContentSeed[] = [
  ...seedsOf("static", "tr", [
    {
      identity: "responsible-gaming",
      title: "Sorumlu oyun",
      description: "Oyunun keyifli kalması için araçlar: limitler, molalar, kendini dışlama ve nereden yardım alabileceğiniz.",
      body: md`
        Kumar bir eğlence olmalı; asla para kazanmanın ya da sorunlardan kaçmanın bir yolu değil. Kontrolü
        elinizde tutmanız için size araçlar sunuyoruz ve mola verme kararınıza her zaman saygı duyuyoruz.

        ## Keyifli kalsın

        - Ne kadar para ve zaman harcamak istediğinize önceden karar verin ve sınıra ulaştığınızda durun.
        - Yalnızca kaybetmeyi göze alabileceğiniz parayla oynayın. Kayıplarınızı asla kovalamayın.
        - Üzgün, yorgun ya da alkolün etkisindeyken oynamayın.
        - Oyunu başka etkinliklerle dengeleyin ve düzenli mola verin.

        ## Belirleyebileceğiniz limitler

        Bunları profilinizde [limitler](/profile/limits) bölümünden ayarlarsınız. Oyunu daha güvenli hale
        getiren bir limit hemen uygulanır; bir limiti artırmak ya da kaldırmak ancak bir bekleme süresinden
        sonra geçerli olur.

        | Araç | Ne işe yarar | Dönemler |
        |---|---|---|
        | Bahis limiti | Toplam bahis tutarınızı sınırlar | Günlük, haftalık veya aylık |
        | Kayıp limiti | Ne kadar kaybedebileceğinizi sınırlar | Günlük, haftalık veya aylık |
        | Para yatırma limiti | Ne kadar yatırabileceğinizi sınırlar | Günlük, haftalık veya aylık |
        | Mola | Kısa bir ara: bitene kadar oynayamaz ve para yatıramazsınız | Seçtiğiniz süre |
        | Kendini dışlama | Sitedeki tüm oyunlara daha uzun bir ara | Seçtiğiniz süre |

        ## Uyarı işaretleri

        Şu durumlarda durup yardım istemenin zamanı gelmiş olabilir:

        - planladığınızdan daha fazla para veya zaman harcıyorsanız;
        - oynamak için borç alıyor ya da eşyalarınızı satıyorsanız;
        - oynadığınızı ailenizden veya arkadaşlarınızdan saklıyorsanız;
        - oynamadığınızda kaygılı, sinirli ya da mutsuz hissediyorsanız;
        - kaybettiklerinizi geri kazanmak için oynuyorsanız.

        ## Yardım almak

        Kumar size sorun yaratıyorsa yalnız değilsiniz. Güvendiğiniz biriyle konuşun ve ülkenizdeki bir kumar
        bağımlılığı destek kuruluşuna başvurun: birçoğu telefonla veya sohbet üzerinden ücretsiz ve gizli
        danışmanlık sunar. Adsız Kumarbazlar birçok ülkede destek grupları düzenler. Destek ekibimiz de sizin
        için bir limit ya da dışlama ayarlayabilir: onlara [destek sayfasından](/support) ulaşın.

        ## Reşit olmayanların korunması

        18 yaşından küçük hiç kimse oynayamaz. Bir cihazı çocuklarla paylaşıyorsanız şifrenizi gizli tutun,
        oynadıktan sonra oturumu kapatın ve ebeveyn denetimi yazılımı kullanmayı düşünün.
      `,
    },
  ]),
  ...seedsOf("question", "tr", [
    {
      identity: "registration",
      title: "Nasıl hesap oluştururum?",
      description: "E-posta adresiniz veya telefon numaranızla birkaç adımda kaydolun.",
      body: md`
        Herhangi bir sayfanın üst kısmından **Kaydol** seçeneğini seçin. E-posta adresiniz veya telefon
        numaranızla kaydolabilir ya da desteklenen bir sosyal medya hesabıyla giriş yapabilirsiniz.

        1. E-posta adresinizi veya telefon numaranızı girin ve en az 8 karakterli bir şifre belirleyin.
        2. Hesap para biriminizi seçin. Cüzdanınıza daha sonra başka para birimleri ekleyebilirsiniz.
        3. En az 18 yaşında olduğunuzu onaylayın ve [şartları](/static/terms) kabul edin.
        4. Gönderdiğimiz kodla e-posta adresinizi veya telefon numaranızı doğrulayın.

        Her kişi yalnızca bir hesaba sahip olabilir. Daha önce kaydolduysanız yeni hesap açmak yerine giriş
        yapın veya şifrenizi sıfırlayın.
      `,
    },
    {
      identity: "verification",
      title: "Kimliğimi neden doğrulamam gerekiyor?",
      description: "Kim olduğunuzu neden kontrol ettiğimiz, hangi belgeleri istediğimiz ve ne kadar sürdüğü.",
      body: md`
        Yasalar, her oyuncunun reşit olduğundan, kendini tanıttığı kişi olduğundan ve kendi parasıyla
        oynadığından emin olmamızı gerektirir. Doğrulama ayrıca hesabınızı dolandırıcılığa karşı korur.

        Doğrulamayı genellikle ilk para çekme işleminizden önce, bazen de başka zamanlarda isteriz. Sizden
        şunlar istenebilir:

        - pasaport, kimlik kartı veya ehliyet gibi bir kimlik belgesi;
        - yakın tarihli bir fatura veya banka ekstresi gibi bir adres belgesi;
        - bazı durumlarda ödeme yönteminizin ya da paranızın kaynağının kanıtı.

        Belgeleri profilinizden yükleyin; her birinin durumunu orada görürsünüz: beklemede, onaylandı veya
        reddedildi. Bir belge reddedilirse yenisini gönderebilmeniz için nedenini açıklarız.
      `,
    },
    {
      identity: "deposits",
      title: "Nasıl para yatırırım?",
      description: "Cüzdana para ekleme, ödeme yöntemi seçme ve gecikmiş bir yatırımda ne yapılacağı.",
      body: md`
        Cüzdanınızı açın ve **Para yatır** seçeneğini seçin.

        1. Bakiye eklemek istediğiniz para birimi hesabını seçin.
        2. Bir ödeme yöntemi seçin. Liste ülkenize ve para biriminize göre değişir.
        3. Tutarı girin ve ödeme sağlayıcısının adımlarını izleyin.

        Yatırımların çoğu birkaç dakika içinde hesabınıza geçer. Kripto yatırımlar, ağ işlemi onayladıktan
        sonra yansır. Her ödemenin durumunu cüzdan geçmişinizde izleyebilirsiniz: beklemede, başarılı veya
        başarısız.

        Makul bir süre sonra yatırım hâlâ gelmediyse önce geçmişten durumunu kontrol edin, ardından ödeme
        bilgileriyle birlikte [destek](/support) ekibine yazın.
      `,
    },
    {
      identity: "withdrawals",
      title: "Para çekme nasıl işler?",
      description: "Nasıl para çekeceğiniz, ne kadar süreceği ve bir çekimin neden bekletilebileceği.",
      body: md`
        Cüzdanınızı açın, **Para çek** seçeneğini seçin, bir ödeme yöntemi belirleyin ve tutarı girin. Mümkün
        olduğunda ödemeyi para yatırırken kullandığınız yöntemle yaparız.

        İlk çekiminizden önce [kimliğinizi doğrulamanızı](/questions/verification) isteyebiliriz. Ödeme
        sağlayıcılarının kendi işlem süreleri vardır; paranın size ne kadar hızlı ulaşacağı seçtiğiniz
        yönteme bağlıdır.

        Bir çekim şu durumlarda bekletilebilir:

        - doğrulamanız tamamlanmamışsa;
        - etkin bir bonusun çevrim şartı henüz tamamlanmamışsa;
        - ödeme yönteminin bilgileri hesabınızla eşleşmiyorsa.

        Bekleyen bir çekimi cüzdan geçmişinizden iptal edebilirsiniz; para bakiyenize geri döner.
      `,
    },
    {
      identity: "limits-and-self-exclusion",
      title: "Nasıl limit koyabilir veya mola verebilirim?",
      description: "Bahis, kayıp ve para yatırma limitleri, mola ve kendini dışlama.",
      body: md`
        Profilinize gidin ve **Limitler** bölümünü açın. Şunları belirleyebilirsiniz:

        - günlük, haftalık veya aylık **bahis**, **kayıp** ve **para yatırma** limitleri;
        - oyuna kısa bir ara vermek için **mola**;
        - sitedeki tüm oyunlara daha uzun bir ara vermek için **kendini dışlama**.

        Daha sıkı bir limit hemen uygulanır. Bir limiti artırmak ya da kaldırmak, kararın anlık bir
        heyecanla verilmemesi için ancak bir bekleme süresinden sonra geçerli olur. Mola veya kendini dışlama
        süresince oynayamaz, bahis yapamaz ve para yatıramazsınız.

        Ayrıntılar [sorumlu oyun](/static/responsible-gaming) sayfasında. İsterseniz [destek](/support)
        ekibimiz sizin için bir limit belirleyebilir.
      `,
    },
    {
      identity: "bonus-wagering",
      title: "Bonusta çevrim şartı ne demek?",
      description: "Çevrim şartlarının nasıl işlediği ve bonus paranın ne zaman çekilebilir hale geldiği.",
      body: md`
        Çevrim şartı, bonus parayı ve onunla kazandıklarınızı çekebilmeniz için yapmanız gereken bahis
        tutarıdır. Bonusun katı olarak ifade edilir: 30 kat çevrim şartında her bir bonus birimi için 30
        birimlik bahis gerekir.

        - Yalnızca teklifte listelenen oyunlar sayılır; bazıları yalnızca kısmen sayılır.
        - Bonus etkinken tur başına bir azami bahis uygulanabilir.
        - Şart, bonusun süresi dolmadan tamamlanmalıdır.

        İlerlemenizi profilinizdeki **Bonuslar** bölümünden izleyebilir, yalnızca kendi paranızla oynamayı
        tercih ederseniz bonusu orada iptal edebilirsiniz. Tüm ayrıntılar için [bonuslarımız nasıl
        çalışır](/bonus/welcome-bonus) sayfasını okuyun.
      `,
    },
    {
      identity: "account-security",
      title: "Hesabımı nasıl güvende tutarım?",
      description: "Şifreler, oturumlar ve hesabınızı başkasının kullandığını düşünüyorsanız ne yapmanız gerektiği.",
      body: md`
        - Başka hiçbir yerde kullanmadığınız güçlü bir şifre seçin ve kimseyle paylaşmayın. Şifrenizi asla
          e-posta, telefon veya sohbet yoluyla sormayız.
        - Etkin oturumlarınızı profilinizdeki **Oturumlar** bölümünden kontrol edin. Tanımadığınız herhangi
          bir oturumu ya da mevcut oturum dışındakilerin hepsini kapatabilirsiniz.
        - E-posta adresinizi ve telefon numaranızı güncel tutun: önemli değişiklikleri onaylamak ve hesabınızı
          kurtarmanıza yardımcı olmak için bunları kullanırız.
        - Ortak veya herkese açık cihazlarda oturumu kapatın.

        Hesabınızı başka birinin kullandığını düşünüyorsanız şifrenizi hemen değiştirin, diğer oturumlarınızı
        kapatın ve [destek](/support) ekibine başvurun.
      `,
    },
    {
      identity: "contacting-support",
      title: "Destek ekibine nasıl ulaşırım?",
      description: "Nereden yardım alabileceğiniz ve hızlı yanıt için neleri belirtmeniz gerektiği.",
      body: md`
        Destek ekibimiz hesabınız, ödemeler, bonuslar ve oyunlar konusunda yardımcı olabilir. Onlara [destek
        sayfasından](/support) ulaşabilirsiniz.

        Hızlı yanıt almak için şunları belirtin:

        - hesabınızın e-posta adresi veya telefon numarası (asla şifreniz değil);
        - ne yapmaya çalıştığınız ve bunun yerine ne olduğu;
        - ödemelerde tarih, tutar, para birimi ve ödeme yöntemi.

        Birçok yanıt zaten bu [sıkça sorulan sorularda](/questions) yer alıyor.
      `,
    },
  ]),
];
