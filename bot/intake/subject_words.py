"""Common school subjects in eight languages: what each is called and the words its notes use.

Data for :mod:`bot.intake.subject_routing`, in the cue syntax of :mod:`bot.intake.cue_match`. ``NAMES``
says what a subject is called (and so which of a repository's subject folders it is: ``maths``,
``organic-chemistry`` and ``biologie`` find theirs); ``TERMS`` lists, per field, words that only that
field's notes tend to use. A word shared by two fields (``energy``) is listed in both, so a note about it
stays plausible for either and the learner is asked. Languages as subjects share one field: grammar,
vocabulary and the like belong to whichever language subject the repository has.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.intake.cue_match import phrases
from bot.intake.cue_words import Lexicon

NAMES: Mapping[str, tuple[str, ...]] = {
    "mathematics": phrases(
        "mathematics, math, maths, shuxue, suugaku, sugaku, matematika, mathematic*, algebra, geometry, "
        "calculus, statistics, arithmetic, "
        "trigonometry, matematica*, mathematique*, mathematik, mathe, 数学, математик*"
    ),
    "physics": phrases("physics, physic*, wuli, butsuri, fizika, fisica, physique, physik, 物理, физик*"),
    "chemistry": phrases("chemistry, chem, huaxue, kagaku, khimiya, quimica, chimie, chemie, 化学, хими*"),
    "biology": phrases("biology, bio, svt, shengwu, seibutsu, biologiya, biologia, biologie, 生物, биологи*"),
    "history": phrases(
        "history, lishi, rekishi, istoriya, historia, histoire, geschichte, 历史, 歴史, истори*"
    ),
    "geography": phrases(
        "geography, dili, chiri, geografiya, geografia, geographie, erdkunde, 地理, географи*"
    ),
    "computer-science": phrases(
        "computer science, programming, coding, cs, informatics, computing, informatica, informatique, "
        "informatik, 计算机, 编程, プログラミング, 情報, информатик*, программировани*"
    ),
    "economics": phrases("economics, economy, economia, economie, wirtschaft, 经济, 経済, экономик*"),
    "music": phrases("music, musica, musique, musik, 音乐, 音楽, музык*"),
    "art": phrases("art, arts, arte, kunst, 美术, 美術, искусств*, изобразительн*"),
    "philosophy": phrases("philosophy, filosofia, philosophie, 哲学, философи*"),
    "psychology": phrases("psychology, psicologia, psychologie, 心理学, психологи*"),
    "english": phrases("english, ingles, anglais, englisch, 英语, 英語, английск*"),
    "spanish": phrases(
        "spanish, español, castellano, espagnol, spanisch, espanhol, 西班牙语, スペイン語, испанск*"
    ),
    "french": phrases("french, frances, français, französisch, francês, 法语, フランス語, французск*"),
    "german": phrases("german, aleman, allemand, deutsch, alemão, 德语, ドイツ語, немецк*"),
    "portuguese": phrases(
        "portuguese, portugues, portugais, portugiesisch, 葡萄牙语, ポルトガル語, португальск*"
    ),
    "chinese": phrases("chinese, mandarin, chino, chinois, chinesisch, chinês, 中文, 汉语, 中国語, китайск*"),
    "japanese": phrases("japanese, japones, japonais, japanisch, japonês, 日语, 日本語, японск*"),
    "russian": phrases("russian, ruso, russe, russisch, russo, 俄语, ロシア語, русск* язык*"),
    "italian": phrases("italian, italiano, italien, italienisch, 意大利语, イタリア語, итальянск*"),
    "latin": phrases("latin, latín, latein, 拉丁语, ラテン語, латын*"),
    "literature": phrases("literature, literatura, litterature, literatur, 文学, литератур*"),
}

# The field whose terms a subject's notes use, when it is not the subject itself.
FIELD_OF: Mapping[str, str] = {
    language: "languages"
    for language in phrases(
        "english, spanish, french, german, portuguese, chinese, japanese, russian, italian, latin, literature"
    )
}

TERMS: Mapping[str, Lexicon] = {
    "mathematics": {
        "en": phrases(
            "divide, divided, dividing, by zero, order of operations, mean value, squared, cubed, "
            "times table*, multiplication table*, percent, remainder, quotient, digit*, even number*, "
            "odd number*, number line, place value, rounding, carry the one, long division, "
            "compound interest, ratio*, graph*, x-axis, y-axis, parabola*, circumference, pi, derivative*, "
            "integral*, equation*, inequalit*, fraction*, triangle*, polynomial*, subtract*, limit, limits, "
            "quadratic*, algebra*, geometr*, calculus, trigonometr*, sine, cosine, tangent, hypotenuse, "
            "pythagor*, logarithm*, exponent*, matrix, matrices, vector*, probabilit*, statistic*, median, "
            "variance, factoris*, factoriz*, prime number*, integer*, denominator*, numerator*, decimal*, "
            "percentage*, angle*, perimeter*, area of, radius, diameter, parallel lines, slope, graph of, "
            "function, functions, limit of, ratio test, ratio*, proportion*, similarity, congruen*, "
            "the sign, minus sign, inequality sign, negative number*, like terms, move* terms, both sides, "
            "solve for, vertices, vertex, coefficient*, square root*, roots of, multipl*, division, "
            "divide both, addition, subtraction, arithmetic, scale factor"
        ),
        "es": phrases(
            "suma, sumas, resta, restas, dividir, entre cero, orden de las operaciones, promedio, "
            "media aritmetica, mediana, al cuadrado, tabla* de multiplicar, por ciento, porcentaje*, "
            "cociente, numero* par*, numero* impar*, redondear, interes compuesto, grafica*, parabola*, "
            "circunferencia, derivada*, integral*, ecuacion*, inecuacion*, desigualdad*, fraccion*, "
            "triangulo*, polinomio*, cuadratic*, algebra, geometria, calculo, trigonometria, seno, coseno, "
            "hipotenusa, logaritmo*, exponente*, matriz, matrices, probabilidad*, estadistica, denominador*, "
            "numerador*, angulo*, perimetro*, diametro, funcion, funciones, limite*, raiz cuadrada, "
            "coeficiente*, el signo, numeros primos, despejar, multiplicacion, division"
        ),
        "fr": phrases(
            "parallele*, thales, diviser, par zero, ordre des operations, moyenne, mediane, au carre, "
            "table* de multiplication, "
            "pour cent, quotient, nombre* pair*, nombre* impair*, arrondir, interets composes, graphique*, "
            "parabole*, circonference, soustraction*, multiplication*, derivee*, integrale*, equation*, "
            "inequation*, inegalite*, fraction*, triangle*, polynome*, quadratique*, algebre, geometrie, "
            "trigonometrie, sinus, cosinus, hypotenuse, logarithme*, exposant*, matrice*, vecteur*, "
            "probabilite*, statistique*, denominateur*, numerateur*, perimetre*, diametre, fonction, "
            "fonctions, limite*, racine carree, coefficient*, le signe, nombres premiers, pourcentage*"
        ),
        "de": phrases(
            "teilen, durch null, punkt vor strich, reihenfolge der rechen*, mittelwert, durchschnitt, "
            "median, hoch zwei, quadrat*, einmaleins, quotient, gerade zahl*, ungerade zahl*, runden, "
            "zinseszins, graph*, parabel*, kreisumfang, subtraktion*, multiplikation*, division*, "
            "ableitung*, integral*, gleichung*, ungleichung*, bruch, bruche, bruchrechnung, dreieck*, "
            "polynom*, quadratisch*, trigonometrie, sinus, kosinus, hypotenuse, logarithm*, exponent*, "
            "matrix, matrizen, vektor*, wahrscheinlichkeit*, statistik, nenner, zahler, winkel*, umfang, "
            "durchmesser, funktion, funktionen, grenzwert*, wurzel, koeffizient*, vorzeichen, primzahl*, "
            "prozent*"
        ),
        "pt": phrases(
            "soma, somas, dividir, por zero, ordem das operacoes, mediana, ao quadrado, tabuada, por cento, "
            "quociente, numero* par*, numero* impar*, arredondar, juros compostos, grafico*, parabola*, "
            "circunferencia, soma*, subtracao, multiplicacao, divisao, derivada*, integral*, equacao, "
            "equacoes, inequacao, inequacoes, desigualdade*, fracao, fracoes, triangulo*, polinomio*, "
            "quadratic*, algebra, geometria, calculo, trigonometria, seno, cosseno, hipotenusa, logaritmo*, "
            "expoente*, matriz, matrizes, probabilidade*, estatistica, denominador*, numerador*, angulo*, "
            "perimetro*, diametro, funcao, funcoes, limite*, raiz quadrada, coeficiente*, o sinal, "
            "numeros primos, porcentagem"
        ),
        "zh": phrases(
            "不等号, 负数, 两边同时, 除以, 除以零, 运算顺序, 平均数, 平均值, 中位数, 平方, 立方, 乘法表, "
            "百分之, 余数, 偶数, 奇数, "
            "数轴, 四舍五入, 复利, 图像, 抛物线, 圆周, 加法, 减法, 导数, 微分, 积分, 方程, 不等式, 分数, "
            "三角形, 多项式, 二次, 代数, 几何, 微积分, 三角函数, 正弦, 余弦, 斜边, 勾股, 对数, 指数, 矩阵, "
            "向量, 概率, 统计, 分母, 角度, 周长, 直径, 函数, 极限, 平方根, 系数, 变号, 移项, 质数, 素数, "
            "百分比, 相似, 面积, 斜率, 乘法, 除法"
        ),
        "ja": phrases(
            "不等号, 負の数, 両辺, 割る, ゼロで割, 計算の順序, 平均値, 中央値, 二乗, 三乗, 九九, "
            "パーセント, 余り, 偶数, 奇数, "
            "数直線, 四捨五入, 複利, グラフ, 放物線, 円周, 足し算, 引き算, 導関数, 微分, 積分, 方程式, "
            "不等式, 分数, 三角形, 多項式, 二次, 代数, 幾何, 三角関数, 正弦, 余弦, 斜辺, ピタゴラス, 三平方, "
            "対数, 指数, 行列, ベクトル, 確率, 統計, 分母, 角度, 直径, 関数, 極限, 平方根, 係数, 符号, 移項, "
            "素数, 面積, 相似, 傾き, 掛け算, 割り算, サイン, コサイン, タンジェント"
        ),
        "ru": phrases(
            "делить, делени*, на ноль, поряд* действий, средн* значени*, среднее, медиан*, в квадрате, "
            "таблиц* умножени*, остаток, частное, четн* числ*, нечетн* числ*, округл*, сложн* процент*, "
            "график*, парабол*, окружност*, сложени*, вычитани*, умножени*, производн*, интеграл*, "
            "уравнени*, неравенств*, дроб*, треугольник*, многочлен*, квадратн*, алгебр*, геометри*, "
            "тригонометри*, синус*, косинус*, гипотенуз*, пифагор*, логарифм*, матриц*, вектор*, "
            "вероятност*, статистик*, знаменател*, числител*, угол, угла, углы, периметр*, диаметр*, "
            "функци*, предел*, корень, корни, коэффициент*, знак, знаки, простые числа, процент*, подоби*, "
            "площад*"
        ),
    },
    "physics": {
        "en": phrases(
            "speed of sound, echo*, speed of sound, sound travels, light travels, sound waves, "
            "light waves, boiling point, "
            "melting point, boil, boils, melt*, evaporat*, condens*, velocity, acceleration, force, forces, "
            "newton*, gravity, gravitational, momentum, kinetic, potential energy, energy, friction, "
            "circuit*, voltage, electric current, resistor*, ohm*, magnet*, wavelength, frequency, optics, "
            "refraction, lens, lenses, quantum, thermodynamic*, pressure, mass, density, electron*, "
            "speed of light, projectile*, torque, joule*, watt*, pendulum, inertia, displacement"
        ),
        "es": phrases(
            "velocidad del sonido, velocidad de la luz, punto de ebullicion, hierve, velocidad, aceleracion, "
            "fuerza*, newton, gravedad, cinetica, energia, friccion, rozamiento, circuito*, voltaje, "
            "corriente electrica, resistencia electrica, ohm, magnet*, onda*, longitud de onda, frecuencia, "
            "optica, refraccion, lente*, cuantic*, termodinamica, presion, masa, densidad, inercia, pendulo"
        ),
        "fr": phrases(
            "vitesse du son, vitesse de la lumiere, point d'ebullition, bout a, vitesse, acceleration, "
            "force*, newton, gravite, quantite de mouvement, cinetique, energie, frottement*, circuit*, "
            "tension electrique, courant electrique, resistance, ohm, magnet*, onde*, longueur d'onde, "
            "frequence, optique, refraction, lentille*, quantique, thermodynamique, pression, masse, "
            "densite, inertie, pendule"
        ),
        "de": phrases(
            "schallgeschwindigkeit, lichtgeschwindigkeit, siedepunkt, siedet, schmelzpunkt, geschwindigkeit, "
            "beschleunigung, kraft, krafte, newton, schwerkraft, gravitation, impuls, kinetisch*, energie, "
            "reibung, stromkreis*, spannung, elektrischer strom, widerstand, ohm, magnet*, wellenlange, "
            "frequenz, optik, brechung, linse*, quanten*, thermodynamik, masse, dichte, tragheit, pendel"
        ),
        "pt": phrases(
            "velocidade do som, velocidade da luz, ponto de ebulicao, ferve, velocidade, aceleracao, forca*, "
            "newton, gravidade, cinetica, energia, atrito, circuito*, voltagem, tensao eletrica, "
            "corrente eletrica, resistencia, ohm, magnet*, onda*, comprimento de onda, frequencia, optica, "
            "refracao, lente*, quantica, termodinamica, pressao, densidade, inercia, pendulo"
        ),
        "zh": phrases(
            "声速, 光速, 沸点, 熔点, 沸腾, 速度, 加速度, 力学, 牛顿, 重力, 引力, 动量, 动能, 势能, 能量, "
            "摩擦力, 电路, 电压, 电流, 电阻, 欧姆, 磁场, 波长, 频率, 光学, 折射, 透镜, 量子, 热力学, 压强, "
            "质量, 密度, 惯性"
        ),
        "ja": phrases(
            "音の速さ, 光の速さ, 音速, 光速, 沸点, 融点, 沸騰, 速度, 加速度, 力学, ニュートン, 重力, "
            "運動量, 運動エネルギー, "
            "エネルギー, 摩擦, 回路, 電圧, 電流, 抵抗, オーム, 磁場, 波長, 周波数, 光学, 屈折, レンズ, 量子, "
            "熱力学, 圧力, 質量, 密度, 慣性, 振り子"
        ),
        "ru": phrases(
            "скорост* звука, скорост* света, кипени*, кипит, плавлени*, скорост*, ускорени*, сила, силы, "
            "силу, ньютон*, гравитаци*, импульс*, кинетическ*, энерги*, трение, трения, трением, "
            "электрическ* цеп*, "
            "напряжени*, электрическ* ток*, сопротивлени*, магнит*, волна, волны, волну, частот*, оптик*, "
            "преломлени*, линз*, квант*, термодинамик*, давлени*, масса, массы, плотност*, инерци*, маятник*"
        ),
    },
    "chemistry": {
        "en": phrases(
            "densest, density, hexagonal structure, boiling point, melting point, evaporat*, condens*, "
            "atom*, molecul*, electron*, proton*, "
            "neutron*, ion, ions, ionic, covalent, chemical bond*, chemical reaction*, reactant*, mole, "
            "moles, molar*, oxid*, oxygen, hydrogen, carbon, acid*, alkali*, periodic table, "
            "chemical element*, chemical compound*, isotope*, valence, catalyst*, solvent*, solute, "
            "titration, stoichiometr*"
        ),
        "es": phrases(
            "atomo*, molecula*, electron*, proton*, neutron*, ion, iones, ionic*, covalente*, "
            "enlace* quimico*, reaccion* quimica*, reactivo*, mol, moles, molar, oxid*, oxigeno, hidrogeno, "
            "carbono, acido*, tabla periodica, compuesto*, isotopo*, valencia, catalizador*, disolvente*, "
            "soluto, estequiometria"
        ),
        "fr": phrases(
            "temperature de fusion, point de fusion, atome*, molecule*, electron*, proton*, neutron*, ion, "
            "ions, ionique*, covalente*, "
            "liaison* chimique*, reaction* chimique*, reactif*, mole, moles, molaire, oxyd*, oxygene, "
            "hydrogene, carbone, acide*, tableau periodique, isotope*, valence, catalyseur*, solvant*, "
            "titrage, stoechiometrie"
        ),
        "de": phrases(
            "atom*, molekul*, elektron*, proton*, neutron*, ion, ionen, ionisch*, kovalent*, "
            "chemische bindung*, chemische reaktion*, reaktion*, mol, molar*, oxid*, sauerstoff, "
            "wasserstoff, kohlenstoff, saure, sauren, periodensystem, isotop*, valenz*, katalysator*, "
            "losungsmittel, titration, stochiometrie"
        ),
        "pt": phrases(
            "exotermic*, endotermic*, combustao, atomo*, molecula*, eletron*, proton*, neutron*, ion, "
            "ions, ionic*, covalente*, ligacao quimica, "
            "ligacoes quimicas, reacao quimica, reacoes quimicas, reagente*, mol, mols, molar, oxid*, "
            "oxigenio, hidrogenio, carbono, acido*, tabela periodica, composto*, isotopo*, valencia, "
            "catalisador*, solvente*, soluto, titulacao, estequiometria"
        ),
        "zh": phrases(
            "中和反应, 中和, 放热, 吸热, 酸碱, 原子, 分子, 电子, 质子, 中子, 离子, 共价, 化学键, 化学反应, "
            "反应物, 摩尔, 氧化, 氧气, 氢气, "
            "酸性, 碱性, 元素周期表, 化合物, 同位素, 化合价, 催化剂, 溶剂, 溶质, 滴定"
        ),
        "ja": phrases(
            "原子, 分子, 電子, 陽子, 中性子, イオン, 共有結合, 化学結合, 化学反応, 反応物, モル, 酸化, 酸素, "
            "水素, 炭素, 酸性, アルカリ, 周期表, 化合物, 同位体, 原子価, 触媒, 溶媒, 溶質, 滴定"
        ),
        "ru": phrases(
            "атом*, молекул*, электрон*, протон*, нейтрон*, ион, ионы, ионн*, ковалентн*, химическ* связ*, "
            "химическ* реакци*, реакци*, моль, молярн*, окисл*, кислород*, водород*, углерод*, кислот*, "
            "щелоч*, менделеев*, изотоп*, валентност*, катализатор*, растворител*, титровани*"
        ),
    },
    "biology": {
        "en": phrases(
            "krebs cycle, citric acid cycle, atp, nadh, fadh2, glycolysis, the heart, human heart, "
            "heart has, heart pumps, blood, lungs, brain, skeleton, bones, muscle*, "
            "plant*, animal*, mammal*, reptile*, amphibian*, insect*, food chain*, food web*, habitat*, "
            "vertebrate*, invertebrate*, pollination, seeds, roots absorb, nervous system, circulatory, "
            "digestive system, immune system, heredity, cell, cells, cellular, mitosis, meiosis, "
            "photosynthes*, chlorophyll, chloroplast*, mitochondri*, dna, rna, gene, genes, genetic*, "
            "chromosome*, protein*, enzyme*, evolution*, natural selection, species, organism*, ecosystem*, "
            "bacteri*, virus, viruses, nucleus, membrane*, respiration, digestion, digestive, organ, organs, "
            "tissue*, neuron*, hormone*, immune, anatomy, ribosome*, allele*, heredit*, osmosis, energy"
        ),
        "es": phrases(
            "doble helice, replicacion, corazon, sangre, pulmon*, cerebro, esqueleto, hueso*, planta*, "
            "animal*, mamifero*, reptil*, "
            "anfibio*, insecto*, cadena alimentaria, habitat*, vertebrado*, invertebrado*, polinizacion, "
            "semilla*, sistema nervioso, sistema digestivo, sistema inmunologico, energia, celula*, mitosis, "
            "meiosis, fotosintesis, clorofila, cloroplasto*, mitocondria*, adn, arn, gen, genes, genetic*, "
            "cromosoma*, proteina*, enzima*, evolucion, seleccion natural, especie*, organismo*, "
            "ecosistema*, bacteria*, virus, nucleo, membrana*, respiracion celular, digestion, organo*, "
            "tejido*, neurona*, hormona*, inmune, anatomia, ribosoma*, alelo*, herencia, osmosis"
        ),
        "fr": phrases(
            "coeur, poumon*, cerveau, squelette, muscle*, plante*, animal, animaux, mammifere*, reptile*, "
            "amphibien*, insecte*, chaine alimentaire, habitat*, vertebre*, invertebre*, pollinisation, "
            "graine*, systeme nerveux, systeme digestif, systeme immunitaire, energie, cellule*, cellulaire, "
            "mitose, meiose, photosynthese, chlorophylle, chloroplaste*, mitochondri*, adn, arn, gene, "
            "genes, genetique*, chromosome*, proteine*, enzyme*, evolution, selection naturelle, espece*, "
            "organisme*, ecosysteme*, bacterie*, virus, noyau, membrane*, respiration cellulaire, digestion, "
            "organe*, tissu*, neurone*, hormone*, immunit*, anatomie, ribosome*, allele*, heredit*, osmose"
        ),
        "de": phrases(
            "herz, herzen, blut, lunge*, gehirn, skelett, knochen, muskel*, pflanze*, tiere, saugetier*, "
            "reptil*, amphibie*, insekt*, nahrungskette*, lebensraum, wirbeltier*, wirbellose, bestaubung, "
            "samen, nervensystem, verdauungssystem, immunsystem, energie, zelle, zellen, zellular*, mitose, "
            "meiose, photosynthese, fotosynthese, chlorophyll, chloroplast*, mitochondri*, dna, dns, rna, "
            "gen, gene, genetik, genetisch*, chromosom*, protein*, enzym*, evolution, naturliche selektion, "
            "organismus, organismen, okosystem*, bakterie*, virus, viren, zellkern, membran*, zellatmung, "
            "verdauung, organ, organe, gewebe, neuron*, hormon*, immunsystem, anatomie, ribosom*, allel*, "
            "vererbung, osmose"
        ),
        "pt": phrases(
            "coracao, sangue, pulmo*, cerebro, esqueleto, osso*, musculo*, planta*, animal, animais, "
            "mamifero*, reptil*, reptei*, anfibio*, inseto*, cadeia alimentar, habitat*, vertebrado*, "
            "invertebrado*, polinizacao, semente*, sistema nervoso, sistema digestivo, sistema imunologico, "
            "energia, celula*, mitose, meiose, fotossintese, clorofila, cloroplasto*, mitocondria*, dna, "
            "rna, adn, gene, genes, genetic*, cromossomo*, proteina*, enzima*, evolucao, selecao natural, "
            "especie*, organismo*, ecossistema*, bacteria*, virus, nucleo, membrana*, respiracao celular, "
            "digestao, orgao*, tecido*, neuronio*, hormonio*, imun*, anatomia, ribossomo*, alelo*, "
            "hereditariedade, osmose"
        ),
        "zh": phrases(
            "心脏, 血液, 肺, 大脑, 骨骼, 骨头, 肌肉, 植物, 动物, 哺乳动物, 爬行动物, 两栖动物, 昆虫, 食物链, "
            "栖息地, 脊椎动物, 授粉, 种子, 神经系统, 循环系统, 消化系统, 免疫系统, 能量, 化学能, 细胞, "
            "有丝分裂, 减数分裂, 光合作用, 叶绿素, 叶绿体, 线粒体, 基因, 遗传, 染色体, 蛋白质, 进化, "
            "自然选择, 物种, 生物体, 生态系统, 细菌, 病毒, 细胞核, 细胞膜, 呼吸作用, 消化, 器官, 神经元, "
            "激素, 免疫, 解剖, 核糖体, 等位基因, 渗透"
        ),
        "ja": phrases(
            "半透膜, 浸透, クロロフィル, 心臓, 血液, 肺, 脳, 骨格, 筋肉, 植物, 動物, 哺乳類, 爬虫類, "
            "両生類, 昆虫, 食物連鎖, 生息地, "
            "脊椎動物, 受粉, 種子, 神経系, 循環器, 消化器, 免疫系, エネルギー, 細胞, 体細胞分裂, 有糸分裂, "
            "減数分裂, 光合成, 葉緑素, 葉緑体, ミトコンドリア, 遺伝子, 遺伝, 染色体, タンパク質, たんぱく質, "
            "酵素, 進化, 自然選択, 生態系, 細菌, ウイルス, 細胞核, 細胞膜, 呼吸, 消化, 器官, 神経, ホルモン, "
            "免疫, 解剖, リボソーム, 対立遺伝子, 浸透"
        ),
        "ru": phrases(
            "кровь, крови, кость, кости, костей, сердц*, легки*, мозг*, скелет*, мышц*, растени*, животн*, "
            "млекопитающ*, рептили*, земноводн*, насеком*, пищев* цеп*, сред* обитани*, позвоночн*, "
            "опылени*, семен*, нервн* систем*, пищеварительн* систем*, иммунн* систем*, энерги*, клетк*, "
            "клеточн*, митоз*, мейоз*, фотосинтез*, хлорофилл*, хлоропласт*, митохондри*, днк, рнк, ген, "
            "гены, генов, генетик*, хромосом*, белок, белки, белков, фермент*, эволюци*, естественн* отбор*, "
            "организм*, экосистем*, бактери*, вирус*, ядро клетки, мембран*, дыхани*, пищеварени*, орган, "
            "органы, органов, ткан*, нейрон*, гормон*, иммун*, анатоми*, рибосом*, аллел*, наследствен*, "
            "осмос*"
        ),
    },
    "history": {
        "en": phrases(
            "silk road, trade route*, magna carta, ancient rome, ancient greece, middle ages, bastille, "
            "wars, the war, war of, civil war, treaty, treaties, empire*, revolution*, dynasty, dynasties, "
            "century, centuries, medieval, ancient, civilization*, civilisation*, monarchy, colonial*, "
            "coloniz*, colonis*, independence, constitution, parliament, kingdom, pharaoh*, renaissance, "
            "reformation, feudal*, crusade*, world war, cold war, battle of, napoleon*, historical"
        ),
        "es": phrases(
            "ruta de la seda, edad media, guerra*, tratado*, imperio*, revolucion*, dinastia*, siglo*, "
            "medieval, civilizacion*, monarquia, colonia*, independencia, constitucion, parlamento, reino*, "
            "faraon*, renacimiento, feudal*, cruzada*, batalla de, historic*"
        ),
        "fr": phrases(
            "route de la soie, moyen age, guerre*, traite de, empire*, revolution*, dynastie*, siecle*, "
            "medieval*, antiquite, civilisation*, monarchie, colonisation, coloniale, independance, "
            "constitution, parlement, royaume*, pharaon*, renaissance, feodal*, croisade*, bataille de, "
            "historique*"
        ),
        "de": phrases(
            "weimarer republik, kaiserreich, mauerfall, berliner mauer, wiedervereinigung, seidenstrasse, "
            "krieg*, friedensvertrag, kaiserreich, imperium, revolution*, dynastie*, "
            "jahrhundert*, mittelalter*, antike, zivilisation*, monarchie, kolonial*, kolonie*, "
            "unabhangigkeit, verfassung, parlament, konigreich*, pharao*, renaissance, reformation, feudal*, "
            "kreuzzug*, weltkrieg*, schlacht*, historisch*"
        ),
        "pt": phrases(
            "rota da seda, idade media, guerra*, tratado*, imperio*, revolucao, revolucoes, dinastia*, "
            "seculo*, medieval, civilizacao, monarquia, colonia*, colonial, independencia, constituicao, "
            "parlamento, reino*, farao*, renascimento, feudal*, cruzada*, batalha de, historic*"
        ),
        "zh": phrases(
            "公元前, 秦朝, 汉朝, 唐朝, 宋朝, 元朝, 明朝, 清朝, 王朝, 皇帝, 丝绸之路, 战争, 条约, 帝国, "
            "革命, 王朝, 世纪, 中世纪, 古代, 文明, 君主制, 殖民, "
            "独立, 宪法, "
            "议会, 王国, 法老, 文艺复兴, 宗教改革, 封建, 十字军, 世界大战, 冷战, 战役, 朝代"
        ),
        "ja": phrases(
            "シルクロード, 戦争, 条約, 帝国, 革命, 王朝, 世紀, 中世, 古代, 文明, 君主制, 植民地, 独立, 憲法, "
            "議会, 王国, ファラオ, ルネサンス, 宗教改革, 封建, 十字軍, 世界大戦, 冷戦, 幕府"
        ),
        "ru": phrases(
            "реформ*, крепостн*, царь, царя, император*, шелков* пут*, войн*, мирн* договор*, импери*, "
            "революци*, династи*, век, века, веке, веков, "
            "средневеков*, древн*, цивилизаци*, монархи*, колони*, независимост*, конституци*, парламент*, "
            "королевств*, фараон*, возрождени*, реформаци*, феодал*, крестов* поход*, битв*, историческ*"
        ),
    },
    "geography": {
        "en": phrases(
            "earth's crust, earth's core, core of the earth, mantle, its capital, capital is, capital was, "
            "plate boundar*, water cycle, precipitation, rainforest*, tundra, savanna*, plateau*, delta, "
            "peninsula*, archipelago*, population growth, urbanization, continental drift, continent*, "
            "capital city, capital of, latitude, longitude, climate, tectonic*, volcano*, earthquake*, "
            "erosion, population density, equator, hemisphere*, glacier*, deserts, mountain range*, "
            "topograph*, monsoon*"
        ),
        "es": phrases(
            "nucleo de la tierra, manto terrestre, corteza terrestre, su capital, ciclo del agua, "
            "precipitacion*, selva tropical, meseta*, peninsula*, archipielago*, urbanizacion, "
            "deriva continental, continente*, capital de, latitud, longitud, clima, tectonic*, volcan*, "
            "terremoto*, sismo*, erosion, hemisferio*, glaciar*, desierto*, cordillera*, topografi*, monzon*"
        ),
        "fr": phrases(
            "fleuve*, riviere*, noyau terrestre, manteau terrestre, croute terrestre, sa capitale, "
            "cycle de l'eau, "
            "precipitation*, foret tropicale, plateau*, peninsule*, archipel*, urbanisation, "
            "derive des continents, continent*, capitale, latitude, longitude, climat, tectonique*, volcan*, "
            "seisme*, tremblement de terre, erosion, equateur, hemisphere*, glacier*, desert*, "
            "chaine de montagnes, topographi*, mousson*"
        ),
        "de": phrases(
            "erdkern, erdmantel, erdkruste, wasserkreislauf, niederschlag*, regenwald*, hochebene*, "
            "halbinsel*, archipel*, urbanisierung, kontinentaldrift, kontinent*, hauptstadt, breitengrad*, "
            "langengrad*, klima, plattentektonik, vulkan*, erdbeben*, erosion, aquator, hemisphare*, "
            "halbkugel, gletscher*, wuste*, gebirge*, topographi*, monsun*"
        ),
        "pt": phrases(
            "nucleo da terra, manto terrestre, crosta terrestre, sua capital, ciclo da agua, precipitacao, "
            "floresta tropical, planalto*, peninsula*, arquipelago*, urbanizacao, deriva continental, "
            "continente*, capital de, latitude, longitude, clima, tectonic*, vulcao, vulcoes, terremoto*, "
            "sismo*, erosao, hemisferio*, geleira*, deserto*, cordilheira*, topografi*, moncao"
        ),
        "zh": phrases(
            "地核, 地幔, 地壳, 水循环, 降水, 雨林, 高原, 半岛, 群岛, 城市化, 大陆漂移, 大陆, 大洲, 首都, "
            "纬度, 经度, 气候, 板块构造, 火山, 地震, 侵蚀, 赤道, 半球, 冰川, 沙漠, 山脉, 地形, 季风"
        ),
        "ja": phrases(
            "地核, マントル, 地殻, 水循環, 降水, 熱帯雨林, 高原, 半島, 諸島, 都市化, 大陸移動, 大陸, 首都, "
            "緯度, 経度, 気候, プレート, 火山, 地震, 侵食, 浸食, 赤道, 半球, 氷河, 砂漠, 山脈, 地形, "
            "モンスーン, 季節風"
        ),
        "ru": phrases(
            "ядро земли, мантия, земн* кор*, круговорот* воды, осадк*, тропическ* лес*, плато, полуостров*, "
            "архипелаг*, урбанизаци*, дрейф* континент*, континент*, материк*, столиц*, широт*, долгот*, "
            "климат*, тектоник*, вулкан*, землетрясени*, эрози*, экватор*, полушари*, ледник*, пустын*, "
            "горн* хреб*, рельеф*, муссон*"
        ),
    },
    "computer-science": {
        "en": phrases(
            "binary search, search algorithm*, bubble sort, merge sort, quicksort, tree traversal, "
            "off-by-one, index*, indices, if statement*, return value, parameter*, class inheritance, "
            "method call*, compile*, error message*, tuple*, mutable, immutable, integer*, string variable*, "
            "algorithm*, recursion, recursive, loop, loops, looped, looping, variable*, function, functions, "
            "array*, list comprehension*, data structure*, linked list*, binary, compiler*, python, "
            "javascript, java, typescript, c++, sql, database*, big o, sorting, hash table*, pointer*, "
            "syntax error, debug*, programming, coding, git, object-oriented, boolean*, exception*, runtime, "
            "api, html, css"
        ),
        "es": phrases(
            "busqueda binaria, binari*, ordenamiento, cola de prioridad, indice*, sentencia if, parametro*, "
            "error de compilacion, fallo del programa, tupla*, mutable*, inmutable*, algoritmo*, recursion, "
            "recursiv*, bucle*, variable*, arreglo*, estructura* de datos, lista enlazada, binario*, "
            "compilador*, base* de datos, ordenamiento, puntero*, error de sintaxis, depura*, programacion, "
            "programar"
        ),
        "fr": phrases(
            "recherche binaire, tri a bulles, tri fusion, indice*, parametre*, erreur de compilation, "
            "tuple*, mutable*, immuable*, algorithme*, recursion, recursivite, recursi*, boucle*, variable*, "
            "structure* de donnees, liste chainee, binaire*, compilateur*, base* de donnees, pointeur*, "
            "erreur de syntaxe, debogu*, programmation, programmer"
        ),
        "de": phrases(
            "binare suche, binaersuche, bubblesort, index, parameter, kompilier*, tupel, veranderbar, "
            "algorithm*, rekursion, rekursiv*, schleife*, variable*, array*, datenstruktur*, "
            "verkettete liste, binar*, compiler*, datenbank*, sortier*, zeiger*, syntaxfehler*, debugg*, "
            "programmier*"
        ),
        "pt": phrases(
            "busca binaria, binari*, ordenacao, indice*, parametro*, erro de compilacao, tupla*, mutave*, "
            "imutave*, algoritmo*, recursao, recursiv*, laco*, variave*, estrutura* de dados, lista ligada, "
            "binario*, compilador*, banco* de dados, ordenacao, ponteiro*, erro de sintaxe, depura*, "
            "programacao, programar"
        ),
        "zh": phrases(
            "二分查找, 二分搜索, 冒泡排序, 归并排序, 快速排序, 栈, 队列, 索引, 参数, 编译, 算法, 递归, 循环, "
            "变量, 数组, 数据结构, 链表, 二进制, 编译器, 数据库, 排序, 指针, 语法错误, 调试, 编程, 程序, "
            "代码"
        ),
        "ja": phrases(
            "二分探索, バブルソート, マージソート, クイックソート, スタック, キュー, インデックス, 引数, "
            "オブジェクト, コンパイル, バグ, アルゴリズム, 再帰, ループ, 変数, 配列, データ構造, 連結リスト, "
            "二進数, コンパイラ, データベース, ソート, ポインタ, 構文エラー, デバッグ, プログラミング, "
            "プログラム, コード"
        ),
        "ru": phrases(
            "двоичн* поиск*, бинарн* поиск*, сортировк* пузырьк*, индекс*, параметр*, компиляци*, алгоритм*, "
            "рекурси*, цикл*, переменн*, массив*, структур* данных, связн* списк*, двоичн*, компилятор*, "
            "баз* данных, сортировк*, указател*, синтаксическ* ошибк*, отладк*, программировани*, код"
        ),
    },
    "economics": {
        "en": phrases(
            "supply chain*, supply and demand, inflation, gdp, elasticity, opportunity cost, monopol*, "
            "interest rate*, fiscal, monetary, recession"
        ),
        "es": phrases("oferta y demanda, inflacion, pib, elasticidad, costo de oportunidad, monopolio*"),
        "fr": phrases("offre et demande, inflation, pib, elasticite, cout d'opportunite, monopole*"),
        "de": phrases("angebot und nachfrage, inflation, bip, elastizitat, opportunitatskosten, monopol*"),
        "pt": phrases("oferta e demanda, inflacao, pib, elasticidade, custo de oportunidade, monopolio*"),
        "zh": phrases("供求, 供给, 需求曲线, 通货膨胀, 国内生产总值, 机会成本, 垄断"),
        "ja": phrases("需要と供給, インフレ, 国内総生産, 機会費用, 独占"),
        "ru": phrases("спрос* и предложени*, инфляци*, ввп, эластичност*, альтернативн* издержк*, монопол*"),
    },
    "music": {
        "en": phrases(
            "music notes, sheet music, staff notation, read music, chord*, major scale, minor scale, "
            "rhythm*, tempo, melody, harmony, sharps, treble clef, bass clef, time signature, key signature, "
            "octave*, arpeggio*"
        ),
        "es": phrases(
            "acorde*, escala mayor, escala menor, ritmo*, melodia*, armonia, clave de sol, compas, octava*"
        ),
        "fr": phrases(
            "accords, accord parfait, accord majeur, accord mineur, gamme*, rythme*, melodie*, harmonie, "
            "cle de sol, mesure a, octave*, dieses, bemols"
        ),
        "de": phrases("akkord*, tonleiter*, rhythmus, melodie*, harmonie, violinschlussel, taktart, oktave*"),
        "pt": phrases(
            "acorde*, escala maior, escala menor, ritmo*, melodia*, harmonia, clave de sol, oitava*"
        ),
        "zh": phrases("和弦, 音阶, 节奏, 旋律, 和声, 高音谱号, 拍号, 八度"),
        "ja": phrases(
            "和音, コード進行, 音階, リズム, 旋律, メロディー, ハーモニー, ト音記号, 拍子, オクターブ"
        ),
        "ru": phrases("аккорд*, гамм*, ритм*, мелоди*, гармони*, скрипичн* ключ*, размер такта, октав*"),
    },
    "art": {
        "en": phrases(
            "perspective drawing, vanishing point, brushstroke*, watercolo*, complementary colo*, shading"
        ),
        "es": phrases("punto de fuga, acuarela*, colores complementarios, sombreado"),
        "fr": phrases("point de fuite, aquarelle*, couleurs complementaires, ombrage"),
        "de": phrases("fluchtpunkt, aquarell*, komplementarfarbe*, schattierung"),
        "pt": phrases("ponto de fuga, aquarela*, cores complementares, sombreamento"),
        "zh": phrases("透视, 消失点, 水彩, 互补色, 素描"),
        "ja": phrases("遠近法, 消失点, 水彩, 補色, デッサン"),
        "ru": phrases("точк* схода, акварел*, дополнительн* цвет*, штриховк*"),
    },
    "philosophy": {
        "en": phrases(
            "epistemology, ethics, utilitarian*, categorical imperative, existentialis*, plato, kant, "
            "syllogism*"
        ),
        "es": phrases(
            "epistemologia, etica, utilitaris*, imperativo categorico, existencialis*, platon, silogismo*"
        ),
        "fr": phrases(
            "epistemologie, ethique, utilitaris*, imperatif categorique, existentialis*, platon, syllogisme*"
        ),
        "de": phrases(
            "erkenntnistheorie, ethik, utilitaris*, kategorische* imperativ, existentialis*, platon, "
            "syllogismus"
        ),
        "pt": phrases(
            "epistemologia, etica, utilitaris*, imperativo categorico, existencialis*, platao, silogismo*"
        ),
        "zh": phrases("认识论, 伦理学, 功利主义, 绝对命令, 存在主义, 柏拉图, 康德, 三段论"),
        "ja": phrases("認識論, 倫理学, 功利主義, 定言命法, 実存主義, プラトン, カント, 三段論法"),
        "ru": phrases(
            "эпистемологи*, этик*, утилитаризм*, категорическ* императив*, экзистенциализм*, платон*, кант*, "
            "силлогизм*"
        ),
    },
    "psychology": {
        "en": phrases(
            "stages of grief, cognitive dissonance, confirmation bias, classical conditioning, "
            "operant conditioning, cognitive bias*, short-term memory, working memory, maslow, freud"
        ),
        "es": phrases(
            "condicionamiento clasico, condicionamiento operante, sesgo* cognitivo*, memoria de trabajo"
        ),
        "fr": phrases(
            "conditionnement classique, conditionnement operant, biais cognitif*, memoire de travail"
        ),
        "de": phrases(
            "klassische konditionierung, operante konditionierung, kognitive verzerrung*, arbeitsgedachtnis"
        ),
        "pt": phrases(
            "condicionamento classico, condicionamento operante, vies cognitivo*, memoria de trabalho"
        ),
        "zh": phrases("经典条件反射, 操作性条件反射, 认知偏差, 工作记忆, 短期记忆"),
        "ja": phrases("古典的条件づけ, オペラント条件づけ, 認知バイアス, ワーキングメモリ, 短期記憶"),
        "ru": phrases(
            "классическ* обусловливани*, оперантн* обусловливани*, когнитивн* искажени*, рабоч* памят*"
        ),
    },
    "languages": {
        "en": phrases(
            "syllable*, haiku, rhyme*, stanza*, past perfect, present perfect, future perfect, "
            "perfect tense, past participle, grammar, vocabulary, vocab, verb*, noun*, adjective*, adverb*, "
            "pronoun*, preposition*, conjugat*, past tense, present tense, future tense, tenses, "
            "subjunctive, plural, pronunciation, spelling, punctuation, sentence*, paragraph*, essay*, "
            "thesis statement, synonym*, antonym*, idiom*, translation*, translate, definite article, "
            "indefinite article, reading comprehension, words in context, meaning of the word, comma*, "
            "semicolon*, clause*, metaphor*, simile*, poem*, poetry, kanji, hiragana, katakana, pinyin, "
            "cyrillic, declension*, irregular verb*"
        ),
        "es": phrases(
            "silaba*, rima*, estrofa*, preterito perfecto, participio, gramatica, vocabulario, verbo*, "
            "sustantivo*, adjetivo*, adverbio*, pronombre*, preposicion*, conjuga*, tiempo verbal, "
            "preterito, imperfecto, subjuntivo, plural, pronunciacion, ortografia, puntuacion, oracion*, "
            "parrafo*, ensayo*, sinonimo*, antonimo*, modismo*, traduccion*, traducir, articulo definido, "
            "comprension lectora, metafora*, poema*, poesia"
        ),
        "fr": phrases(
            "syllabe*, rime*, strophe*, plus-que-parfait, participe passe, grammaire, vocabulaire, verbe*, "
            "adjectif*, adverbe*, pronom*, preposition*, conjugaison*, conjugu*, passe compose, imparfait, "
            "subjonctif, pluriel, prononciation, orthographe, ponctuation, phrase*, paragraphe*, "
            "dissertation*, synonyme*, antonyme*, traduction*, traduire, article defini, metaphore*, poeme*, "
            "poesie"
        ),
        "de": phrases(
            "reim, reime, silbe*, strophe*, plusquamperfekt, partizip, grammatik, vokabel*, wortschatz, "
            "verb, verben, substantiv*, nomen, adjektiv*, adverb*, pronom*, praposition*, konjugation*, "
            "konjugier*, prateritum, konjunktiv, plural, aussprache, rechtschreibung, zeichensetzung, "
            "aufsatz*, synonym*, antonym*, redewendung*, ubersetz*, leseverstandnis, metapher*, gedicht*, "
            "deklination*, akkusativ, dativ, genitiv"
        ),
        "pt": phrases(
            "silaba*, rima*, estrofe*, preterito perfeito, participio, gramatica, vocabulario, verbo*, "
            "substantivo*, adjetivo*, adverbio*, pronome*, preposicao, preposicoes, conjuga*, preterito, "
            "subjuntivo, plural, pronuncia, ortografia, pontuacao, frase*, paragrafo*, redacao, sinonimo*, "
            "antonimo*, expressao idiomatica, traducao, traduzir, artigo definido, interpretacao de texto, "
            "metafora*, poema*, poesia"
        ),
        "zh": phrases(
            "音节, 押韵, 诗节, 语法, 词汇, 单词, 动词, 名词, 形容词, 副词, 代词, 介词, 变位, 时态, 过去时, "
            "虚拟语气, 复数, 发音, 拼写, 标点, 句子, 段落, 作文, 同义词, 反义词, 成语, 翻译, 阅读理解, 比喻, "
            "诗歌, 拼音, 汉字"
        ),
        "ja": phrases(
            "音節, 韻, 俳句, 文法, 語彙, 単語, 動詞, 名詞, 形容詞, 副詞, 代名詞, 前置詞, 助詞, 活用, 時制, "
            "過去形, 仮定法, 複数形, 発音, 綴り, スペル, 句読点, 文章, 段落, 作文, 同義語, 類義語, 反意語, "
            "慣用句, 熟語, 翻訳, 読解, 比喩, 漢字, ひらがな, カタカナ, 敬語"
        ),
        "ru": phrases(
            "слог*, рифм*, строф*, причасти*, грамматик*, словар*, лексик*, глагол*, существительн*, "
            "прилагательн*, наречи*, местоимени*, предлог*, спряжени*, прошедш* врем*, сослагательн*, "
            "множественн* числ*, произношени*, орфографи*, правописани*, пунктуаци*, предложени*, абзац*, "
            "сочинени*, эссе, синоним*, антоним*, идиом*, перевод*, метафор*, стих*, поэзи*, падеж*"
        ),
    },
}
