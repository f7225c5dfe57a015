"""The small, general vocabulary the free-text checker reads meaning with, in eight languages.

Nothing here names a question: these are the function words a key's meaning does not rest on, the
common verbs of explanations with the ways learners say them (``makes`` / ``produces`` / ``erzeugt``),
the opposites that turn a statement round, the words that negate, and the names of common chemical
formulas and of the months, which are the same fact in every language (``CO2`` = "carbon dioxide" =
"二氧化碳"). Entries are folded (lower case, no accents); one ending in ``*`` is a stem that matches
every word it begins; an entry with a space is a phrase; a Chinese or Japanese entry matches inside
the text, as those languages write no spaces.
"""

from __future__ import annotations

# fmt: off
STOP_WORDS = frozenset(
    # English
    "the a an is are was were be been being am of in on at to for from by with and or but so that this "
    "these those it its as into than then there their they them he she we you i his her do does did has "
    "have had which who what when where why how also very can could will would may might just only "
    "because since while if"
    # Spanish
    " el la los las lo un una unos unas de del al en y e o u que es son era fue ser estar esta esta se "
    "por para con como mas muy su sus porque"
    # French
    " le les l un une des du au aux et ou que qui est sont etait etre se par pour avec sur ce cet cette "
    "son sa ses dans ne plus tres car"
    # German
    " der die das den dem des ein eine einen einem einer und oder ist sind war wird werden durch mit von "
    "zu zum zur im auf fur bei aus als sehr weil sich es"
    # Portuguese
    " o os as um uma uns umas do da dos das no na nos nas em ou e sao foi ser estar pelo pela pelos "
    "pelas com ao aos muito seu sua porque"
    # Prepositions of place and route, in several languages
    " around about over under through throughout via across along within upon onto per durch uber unter"
    " sobre entre hacia sous vers через под над около вокруг"
    # Russian
    " и в во на с со по к у о об от из за для что это как а но же ли то он она они оно".split()
)

# Verbs and phrases of explanations, grouped by what they mean (the first entry names the group).
SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("make", "makes", "made", "making", "produc*", "creat*", "generat*", "form", "forms", "formed",
     "synthesi*", "yield*", "hacer", "hace", "crea", "crear", "fabric*", "genera*", "forma", "formar",
     "produi*", "cree", "creer", "erzeug*", "herstell*", "stellt her", "bild*", "macht", "machen",
     "produzier*", "fazer", "faz", "cria", "criar", "gera", "gerar", "производ*", "созда*", "образу*",
     "вырабатыва*", "产生", "生成", "制造", "合成", "作る", "つくる", "生産"),
    ("speed up", "speeds up", "sped up", "speeding up", "faster", "quicker", "accelerat*", "acelera*",
     "accelere*", "accelerer", "beschleunig*", "schneller", "mas rapid*", "plus rapide*", "mais rapid*",
     "ускоря*", "ускори*", "быстрее", "加快", "加速", "促進", "速く"),
    ("slow down", "slows down", "slowed down", "slower", "ralenti*", "ralentiz*", "verlangsam*",
     "замедля*", "减慢", "遅く"),
    ("use up", "uses up", "used up", "using up", "consum*", "consomm*", "verbrauch*", "израсходова*",
     "расходу*", "потребля*", "消耗", "消費"),
    ("return", "returns", "returned", "returning", "give back", "gives back", "gave back", "hand back",
     "hands back", "devuelv*", "devolv*", "retourn*", "renvoi*", "gibt zuruck", "zuruckgeb*", "liefert",
     "retorn*", "возвраща*", "вернет", "返回", "返す", "戻す"),
    ("increase", "increases", "increased", "rises", "rise", "grows", "aument*", "augment*", "steig*",
     "erhoh*", "увеличива*", "растет", "增加", "增大", "増え", "増加"),
    ("decrease", "decreases", "decreased", "falls", "drops", "reduces", "disminu*", "diminu*", "baisse*",
     "sink*", "verringer*", "уменьша*", "减少", "減少", "減る"),
    ("more", "mas", "plus", "mehr", "mais", "больше", "более", "更多"),
    ("less", "menos", "moins", "weniger", "меньше", "менее", "更少"),
    ("break down", "breaks down", "broke down", "broken down", "decompos*", "destroy*", "descompon*",
     "detrui*", "zersetz*", "zerleg*", "разруша*", "расщепля*", "分解"),
    ("boil", "boils", "boiled", "boiling", "hierv*", "herv*", "bout", "bouill*", "koch*", "siede*",
     "ferv*", "кипи*", "кипя*", "沸腾", "沸騰"),
    ("freeze", "freezes", "froze", "frozen", "freezing", "congel*", "gefrier*", "friert", "замерза*", "冻结",
     "结冰", "凍る", "凍結"),
    ("melt", "melts", "melted", "melting", "derret*", "fond", "fondre", "schmilz*", "schmelz*", "тает",
     "таять", "плавит*", "融化", "溶ける", "融解"),
    ("condense", "condenses", "condensed", "condensing", "condens*", "kondens*", "конденсир*", "凝结",
     "凝縮"),
    ("absorb", "absorbs", "absorbed", "absorbing", "absorb*", "nimmt auf", "aufnehm*", "поглоща*", "吸收",
     "吸収"),
    ("release", "releases", "released", "releasing", "emit*", "give off", "gives off", "liber*", "emet*",
     "abgeb*", "gibt ab", "freisetz*", "выделя*", "释放", "放出"),
    ("gain", "gains", "gained", "gaining", "gana*", "gagn*", "gewinn*", "ganh*"),
    ("lose", "loses", "lost", "losing", "pierd*", "perd*", "verlier*", "verlor*", "теря*"),
    ("attract", "attracts", "attracted", "attraction", "atrae*", "atrair*", "attir*", "anzieh*",
     "zieht an", "притягива*", "吸引"),
    ("repel", "repels", "repelled", "repulsion", "repel*", "repouss*", "abstoss*", "stosst ab",
     "отталкива*", "排斥"),
    ("expand", "expands", "expanded", "expansion", "expand*", "dilat*", "ausdehn*", "dehnt sich aus",
     "расширя*", "膨胀", "膨張"),
    ("contract", "contracts", "contracted", "contraction", "contrae*", "contrai*", "zusammenzieh*",
     "zieht sich zusammen", "сжима*", "收缩", "収縮"),
    ("higher", "greater", "larger", "bigger", "mayor", "superior"),
    ("lower", "smaller", "menor", "inferior"),
    ("positive", "positiv*", "положительн*"),
    ("negative", "negativ*", "отрицательн*"),
)

# Pairs of groups (by their first entry) that say opposite things: an answer with one where the key has
# the other contradicts it.
OPPOSITES: tuple[tuple[str, str], ...] = (
    ("speed up", "slow down"),
    ("increase", "decrease"),
    ("more", "less"),
    ("make", "break down"),
    ("boil", "freeze"),
    ("boil", "condense"),
    ("melt", "freeze"),
    ("absorb", "release"),
    ("gain", "lose"),
    ("attract", "repel"),
    ("expand", "contract"),
    ("higher", "lower"),
    ("positive", "negative"),
)

# Words that negate or say something is absent; "missing" in a key is matched by "never …" in an answer.
NEGATIVES: tuple[str, ...] = (
    "not", "no", "never", "none", "nothing", "without", "missing", "absent", "lack*", "*n't", "cannot",
    "ni", "sin", "nunca", "nada", "falta*", "ausente", "ne", "pas", "jamais", "sans", "rien", "manqu*",
    "nicht", "kein*", "nie", "niemals", "ohne", "fehl*", "nao", "sem", "nenhum*", "не", "нет", "никогда",
    "без", "отсутству*", "不", "没", "無", "无", "缺",
)

# Negatives that may follow what they deny ("the base case is missing", "fehlt").
POSTPOSED: tuple[str, ...] = (
    "missing", "absent", "ausente", "lack*", "falta*", "manqu*", "fehl*", "отсутству*",
)

# Common chemical formulas and the names they go by; the formula itself is written as in the key.
CHEMICALS: dict[str, tuple[str, ...]] = {
    "co2": ("carbon dioxide", "dioxido de carbono", "dioxyde de carbone", "kohlendioxid",
        "kohlenstoffdioxid", "gas carbonico", "углекисл*", "диоксид углерода", "二氧化碳", "二酸化炭素"),
    "h2o": ("water", "agua", "eau", "wasser", "вода", "воды", "воду", "водой", "水"),
    "o2": ("oxygen", "oxigeno", "oxygene", "sauerstoff", "oxigenio", "кислород*", "氧气", "酸素"),
    "h2": ("hydrogen", "hidrogeno", "hydrogene", "wasserstoff", "hidrogenio", "водород*", "氢气", "水素"),
    "n2": ("nitrogen", "nitrogeno", "azote", "stickstoff", "nitrogenio", "азот*", "氮气", "窒素"),
    "c6h12o6": ("glucose", "glucosa", "glukose", "glicose", "глюкоз*", "葡萄糖", "ブドウ糖", "グルコース"),
    "nacl": ("sodium chloride", "table salt", "cloruro de sodio", "chlorure de sodium", "natriumchlorid",
        "cloreto de sodio", "хлорид натрия", "氯化钠", "塩化ナトリウム"),
    "ch4": ("methane", "metano", "methan", "метан*", "甲烷", "メタン"),
    "atp": ("атф",),
    "dna": ("adn", "dns", "днк"),
    "rna": ("arn", "rns", "рнк"),
}

MONTHS: tuple[tuple[str, ...], ...] = (
    ("january", "enero", "janvier", "januar", "janeiro", "январ*"),
    ("february", "febrero", "fevrier", "februar", "fevereiro", "феврал*"),
    ("march", "marzo", "mars", "marz", "marco", "март*"),
    ("april", "abril", "avril", "апрел*"),
    ("may", "mayo", "mai", "maio", "мая", "май"),
    ("june", "junio", "juin", "juni", "junho", "июн*"),
    ("july", "julio", "juillet", "juli", "julho", "июл*"),
    ("august", "agosto", "aout", "августа", "август"),
    ("september", "septiembre", "septembre", "setembro", "сентябр*"),
    ("october", "octubre", "octobre", "oktober", "outubro", "октябр*"),
    ("november", "noviembre", "novembre", "novembro", "ноябр*"),
    ("december", "diciembre", "decembre", "dezember", "dezembro", "декабр*"),
)
# fmt: on
